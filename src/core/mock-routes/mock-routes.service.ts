import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError, invalid, notFound } from '../errors.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { Answerer, ProxyCall } from '../proxy/answerers.js'
import { redactRequestHeaders } from '../recordings/redact.js'
import { type MockRouteRow, type MockRoutesRepo, toMockRoute } from './mock-routes.repo.js'
import {
  type CreateMockRoute,
  MAX_MOCK_ROUTES,
  type MockRoute,
  type MockRouteEntry,
  NO_BODY_STATUSES,
  type UpdateMockRoute,
} from './mock-routes.schema.js'
import { compareSpecificity, matchPath, type PathPattern, parsePathPattern } from './path-pattern.js'
import {
  jsonStringEscape,
  parseTemplate,
  renderTemplate,
  type TemplateContext,
  type TemplatePart,
} from './template.js'

interface Compiled {
  row: MockRouteRow
  pattern: PathPattern
  headers: Array<[string, TemplatePart[]]>
  body: TemplatePart[]
  json: boolean
}

/** Whether a route's answer is JSON (so substituted values are JSON-string escaped). */
const contentTypeOf = (headers: Record<string, string>, body: string): string | undefined => {
  const given = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  if (given !== undefined) return given
  if (body === '') return undefined
  return /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain; charset=utf-8'
}
const isJson = (contentType: string | undefined) => !!contentType && /[/+]json\b/i.test(contentType)

/** Substituted header values keep visible Latin-1 text only (no line breaks: no header injection). */
const headerSafe = (value: string) => value.replace(/[^\t\u0020-\u007e\u00a0-\u00ff]/g, '')

/**
 * A form body's fields, with bracketed names nested as Stripe and Rails send them
 * (`metadata[plan]=pro` → `body.metadata.plan`; `tags[]=a` → `body.tags.0`). Objects have no
 * prototype, so no field name can reach one.
 */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null)
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name)
    const keys = match
      ? [
          match[1] as string,
          ...[...(match[2] as string).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string),
        ]
      : [name]
    let node = root
    for (const [i, key] of keys.entries()) {
      const slot = key === '' ? String(Object.keys(node).length) : key
      if (i === keys.length - 1) node[slot] = value
      else {
        let next = node[slot]
        if (!next || typeof next !== 'object') {
          next = Object.create(null)
          node[slot] = next
        }
        node = next as Record<string, unknown>
      }
    }
  }
  return root
}

function parseBody(call: ProxyCall): unknown {
  if (call.body.length === 0) return undefined
  const type = call.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  const text = call.body.toString('utf8')
  if (/application\/x-www-form-urlencoded/i.test(type)) return parseForm(text)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * Mock routes: a workspace's declarative answers for a provider's API (the issue-18 way to give a
 * provider without a built-in simulation one). CRUD, cassette/fixture import by id, and the proxy
 * answerer that runs first for simulated connections and replay-mode calls.
 */
export function createMockRoutesService(deps: {
  db: Db
  repo: MockRoutesRepo
  providers: ProvidersService
  clock: Clock
  ids: Ids
}) {
  const { db, repo, providers, clock, ids } = deps

  /** Rules that span fields (the schema checks each field on its own). */
  const check = (route: { status: number; body: string }, base = '') => {
    if (NO_BODY_STATUSES.has(route.status) && route.body !== '') {
      throw invalid(`A ${route.status} answer has no body.`, [
        { pointer: `${base}/body`, detail: `must be empty for status ${route.status}` },
      ])
    }
  }
  const checkProvider = (workspaceId: string, provider: string) => {
    if (!providers.find(workspaceId, provider)) {
      throw invalid(`Unknown provider '${provider}'.`, [
        {
          pointer: '/provider',
          detail: 'not a provider of the catalog or a custom provider of this workspace',
        },
      ])
    }
  }
  const rowOf = (
    workspaceId: string,
    id: string,
    route: CreateMockRoute,
    createdAt: string,
    now: string,
  ) => ({
    workspace_id: workspaceId,
    id,
    provider: route.provider,
    method: route.method,
    path: route.path,
    status: route.status,
    headers: JSON.stringify(route.headers),
    body: route.body,
    description: route.description ?? null,
    enabled: route.enabled ? 1 : 0,
    created_at: createdAt,
    updated_at: now,
  })
  const find = (workspaceId: string, id: string) => {
    const row = repo.get(workspaceId, id)
    if (!row) throw notFound('Mock route', id)
    return row
  }

  // Parsed patterns and templates, by route version; rebuilt when a route changes.
  const compiled = new Map<string, Compiled>()
  const compile = (row: MockRouteRow): Compiled | undefined => {
    const key = `${row.workspace_id}\0${row.id}\0${row.updated_at}`
    const hit = compiled.get(key)
    if (hit) return hit
    const headers = JSON.parse(row.headers) as Record<string, string>
    const pattern = parsePathPattern(row.path)
    const body = parseTemplate(row.body)
    const headerParts = Object.entries(headers).map(([name, value]) => [name, parseTemplate(value)] as const)
    // Stored routes were validated; one that no longer parses (a future syntax) is skipped, not fatal.
    if (typeof pattern === 'string' || typeof body === 'string') return undefined
    if (headerParts.some(([, parts]) => typeof parts === 'string')) return undefined
    if (compiled.size >= 2 * MAX_MOCK_ROUTES) compiled.clear()
    const entry: Compiled = {
      row,
      pattern,
      headers: headerParts as Array<[string, TemplatePart[]]>,
      body,
      json: isJson(contentTypeOf(headers, row.body)),
    }
    compiled.set(key, entry)
    return entry
  }

  const answerer: Answerer = (call) => {
    const matches: Array<{ route: Compiled; params: Record<string, string> }> = []
    for (const row of repo.candidates(call.workspaceId, call.connection.provider, call.method)) {
      const route = compile(row)
      const params = route && matchPath(route.pattern, call.path)
      if (route && params) matches.push({ route, params })
    }
    if (matches.length === 0) return undefined
    matches.sort(
      (a, b) =>
        compareSpecificity(a.route.pattern, b.route.pattern) ||
        Number(a.route.row.method === '*') - Number(b.route.row.method === '*') ||
        (a.route.row.created_at < b.route.row.created_at
          ? 1
          : a.route.row.created_at > b.route.row.created_at
            ? -1
            : 0) ||
        (a.route.row.id < b.route.row.id ? 1 : -1),
    )
    const { route, params } = matches[0] as (typeof matches)[number]
    let body: { value: unknown } | undefined
    const ctx: TemplateContext = {
      params,
      query: call.query,
      headers: redactRequestHeaders(call.headers),
      body: () => {
        body ??= { value: parseBody(call) }
        return body.value
      },
      method: call.method,
      path: call.path,
      nowMs: clock.now(),
    }
    const headers: Array<[string, string]> = route.headers.map(([name, parts]) => [
      name,
      headerSafe(renderTemplate(parts, ctx, (v) => v)),
    ])
    const text = renderTemplate(route.body, ctx, route.json ? jsonStringEscape : (v) => v)
    const contentType = contentTypeOf(Object.fromEntries(headers), route.row.body)
    if (contentType && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
      headers.push(['content-type', contentType])
    }
    const noBody = NO_BODY_STATUSES.has(route.row.status) || call.method === 'HEAD'
    return {
      status: route.row.status,
      headers,
      body: noBody ? null : new Uint8Array(Buffer.from(text, 'utf8')),
      mode: 'mock',
    }
  }

  return {
    answerer,

    /** The workspace's mock routes (of one provider, or all), by provider, path and method. */
    list: (workspaceId: string, provider?: string): MockRoute[] =>
      repo.list(workspaceId, provider ?? null).map(toMockRoute),

    get: (workspaceId: string, id: string): MockRoute => toMockRoute(find(workspaceId, id)),

    create(workspaceId: string, input: CreateMockRoute): MockRoute {
      checkProvider(workspaceId, input.provider)
      check(input)
      if (repo.count(workspaceId) >= MAX_MOCK_ROUTES) {
        throw new AppError(
          'conflict',
          `A workspace holds at most ${MAX_MOCK_ROUTES} mock routes; delete some first.`,
        )
      }
      const now = isoAt(clock.now())
      const row = rowOf(workspaceId, ids.next('mock'), input, now, now)
      repo.put(row)
      return toMockRoute(row)
    },

    update(workspaceId: string, id: string, patch: UpdateMockRoute): MockRoute {
      const current = toMockRoute(find(workspaceId, id))
      const next: CreateMockRoute = {
        ...current,
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      }
      if (patch.provider !== undefined) checkProvider(workspaceId, next.provider)
      check(next)
      const row = rowOf(workspaceId, id, next, current.created_at, isoAt(clock.now()))
      repo.put(row)
      return toMockRoute(row)
    },

    remove(workspaceId: string, id: string): void {
      if (repo.remove(workspaceId, id) === 0) throw notFound('Mock route', id)
    },

    /**
     * Stores routes from a cassette or fixtures file, in one transaction: a route with an id
     * already stored is replaced. With `keepExisting`, it is left as it is instead (fixtures
     * converge by creating what is missing). Returns how many were written.
     */
    importRoutes(
      workspaceId: string,
      entries: readonly MockRouteEntry[],
      options: { base?: string; keepExisting?: boolean } = {},
    ): number {
      entries.forEach((entry, i) => {
        check(entry, `${options.base ?? ''}/${i}`)
      })
      return inTransaction(db, () => {
        let written = 0
        const now = isoAt(clock.now())
        for (const entry of entries) {
          if (options.keepExisting && repo.get(workspaceId, entry.id)) continue
          const createdAt = entry.created_at ? new Date(entry.created_at).toISOString() : now
          repo.put(rowOf(workspaceId, entry.id, entry, createdAt, now))
          written++
        }
        return written
      })
    },

    /** Routes as a cassette carries them (of one provider, or all). */
    exportRoutes(workspaceId: string, provider?: string): MockRouteEntry[] {
      return repo.list(workspaceId, provider ?? null).map((row) => {
        const { updated_at: _updated, ...route } = toMockRoute(row)
        return route
      })
    },
  }
}
export type MockRoutesService = ReturnType<typeof createMockRoutesService>
