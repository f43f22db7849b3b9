import { type Clock, isoAt } from '../common/clock.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import { isLoopbackUrl, MAX_REDIRECT_ORIGINS, parseOrigin } from './redirect-origins.js'
import type { RedirectOriginsRepo } from './redirect-origins.repo.js'

/** Where to change the list, named in every refusal so the reader knows what to do next. */
const HOW_TO_ALLOW =
  "Add it to the workspace's allowed_redirect_origins (PATCH /api/workspace, `switchyard workspaces origins add`, or Settings in the dashboard); loopback origins are always allowed."

const invalidEntry = (pointer: string, detail: string) =>
  new AppError('invalid_request', `Not a valid redirect origin: ${detail}.`, {
    errors: [{ pointer, detail }],
  })

/**
 * The allowed redirect origins of each workspace: the only places besides loopback a session's
 * `redirect_url` may send the browser (with a `connection_id` in the URL), so a publishable key,
 * which is public, cannot turn the gateway into an open redirect.
 */
export function createRedirectOriginsService(deps: { db: Db; repo: RedirectOriginsRepo; clock: Clock }) {
  const { db, repo, clock } = deps

  const canonical = (entry: string, pointer: string) => {
    const parsed = parseOrigin(entry)
    if ('error' in parsed) throw invalidEntry(pointer, parsed.error)
    return parsed.origin
  }

  return {
    list: (workspaceId: string) => repo.list(workspaceId),

    /** Replaces the whole list (entries are canonicalized and de-duplicated); returns the new list. */
    replace(workspaceId: string, entries: readonly string[]): string[] {
      const origins = [...new Set(entries.map((e, i) => canonical(e, `/allowed_redirect_origins/${i}`)))]
      if (origins.length > MAX_REDIRECT_ORIGINS) {
        throw invalidEntry('/allowed_redirect_origins', `at most ${MAX_REDIRECT_ORIGINS} origins`)
      }
      const now = isoAt(clock.now())
      inTransaction(db, () => {
        repo.clear(workspaceId)
        for (const origin of origins) repo.add(workspaceId, origin, now)
      })
      return repo.list(workspaceId)
    },

    /** Adds one origin (adding one already there is fine); returns its canonical form. */
    add(workspaceId: string, entry: string): { origin: string; added: boolean } {
      const origin = canonical(entry, '/origin')
      return inTransaction(db, () => {
        if (repo.has(workspaceId, origin)) return { origin, added: false }
        if (repo.count(workspaceId) >= MAX_REDIRECT_ORIGINS) {
          throw invalidEntry('/origin', `at most ${MAX_REDIRECT_ORIGINS} origins per workspace`)
        }
        repo.add(workspaceId, origin, isoAt(clock.now()))
        return { origin, added: true }
      })
    },

    /** Removes one origin; an origin that is not on the list is a 404. */
    remove(workspaceId: string, entry: string): { origin: string } {
      const origin = canonical(entry, '/origin')
      if (repo.remove(workspaceId, origin) === 0) {
        throw new AppError(
          'not_found',
          `Origin '${origin}' is not on this workspace's allowed redirect origins.`,
        )
      }
      return { origin }
    },

    /** Throws a 400 naming the setting unless `redirectUrl`'s origin is loopback or on the list. */
    assertAllowed(workspaceId: string, redirectUrl: string): void {
      const url = new URL(redirectUrl)
      if (isLoopbackUrl(url) || repo.has(workspaceId, url.origin)) return
      throw new AppError(
        'invalid_request',
        `redirect_url's origin ${url.origin} is not on this workspace's allowed_redirect_origins. ${HOW_TO_ALLOW}`,
        { errors: [{ pointer: '/redirect_url', detail: 'origin is not in allowed_redirect_origins' }] },
      )
    },
  }
}
export type RedirectOriginsService = ReturnType<typeof createRedirectOriginsService>
