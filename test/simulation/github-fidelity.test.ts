import { createHmac } from 'node:crypto'
import { throttling } from '@octokit/plugin-throttling'
import { RequestError } from '@octokit/request-error'
import { Octokit } from '@octokit/rest'
import { verify } from '@octokit/webhooks-methods'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remainingOf } from '../../src/core/providers-kit/kit/rate-limit.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { problems, responseValidator } from './github-schemas.js'
import { capturedWebhooks, configureProvider, header, simulatedConnect } from './helpers.js'

/**
 * What integration code leans on beyond the operations themselves, driven through the unchanged
 * @octokit/rest: list parameters, conditional requests, the primary rate limit, GitHub's
 * timestamps and both webhook signatures. Answers are checked against GitHub's OpenAPI schemas.
 */
const SECRET = 'fidelity-secret'
const data = tempDir('switchyard-gh-fidelity-')
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
let server: RunningServer
/** How far the gateway's clock runs ahead (to reach the next rate-limit window). */
let shift = 0
let octokit: Octokit
let baseUrl: string
let connectionId: string
let key: string
const owner = 'octo-fidelity'
const repo = 'lists'

const valid = (method: string, path: string, status: number, body: unknown) => {
  const validate = responseValidator(method, path, status)
  expect(validate(body), `${method} ${path} ${status}: ${problems(validate).join('\n')}`).toBe(true)
}
const statusOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(RequestError)
  return err as RequestError
}

beforeAll(async () => {
  server = await startQuietServer(data.dir, { clock: { now: () => Date.now() + shift } })
  key = firstSecretKey(server)
  await configureProvider(server, key, 'github', SECRET)
  connectionId = await simulatedConnect(server, 'github', owner)
  baseUrl = `${server.url}/proxy/${connectionId}`
  octokit = new Octokit({ baseUrl, auth: key, log: quiet })
  await octokit.rest.repos.createForAuthenticatedUser({ name: repo })
  await octokit.rest.repos.createForAuthenticatedUser({ name: 'another', private: true })
  const titles = ['first', 'second', 'third']
  for (const [i, title] of titles.entries())
    await octokit.rest.issues.create({
      owner,
      repo,
      title,
      labels: i === 0 ? ['bug', 'ui'] : ['bug'],
      body: i === 1 ? `cc @${owner} please` : undefined,
    })
  await octokit.rest.issues.update({ owner, repo, issue_number: 3, state: 'closed' })
  for (const body of ['one', 'two'])
    await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const numbers = (list: Array<{ number: number }>) => list.map((i) => i.number)

describe('list parameters', () => {
  it('issues: state, labels, sort, direction, since, creator, assignee, mentioned', async () => {
    const list = (q: Record<string, unknown>) => octokit.rest.issues.listForRepo({ owner, repo, ...q })
    const open = await list({})
    valid('GET', '/repos/{owner}/{repo}/issues', 200, open.data)
    expect(numbers(open.data)).toEqual([2, 1])
    expect(numbers((await list({ state: 'all', direction: 'asc' })).data)).toEqual([1, 2, 3])
    expect(numbers((await list({ state: 'closed' })).data)).toEqual([3])
    expect(numbers((await list({ state: 'all', labels: 'bug,ui' })).data)).toEqual([1])
    expect(numbers((await list({ sort: 'comments' })).data)).toEqual([1, 2])
    expect(numbers((await list({ since: '2099-01-01T00:00:00Z' })).data)).toEqual([])
    expect(numbers((await list({ since: '2000-01-01T00:00:00Z' })).data)).toEqual([2, 1])
    expect(numbers((await list({ creator: owner })).data)).toEqual([2, 1])
    expect(numbers((await list({ creator: 'someone-else' })).data)).toEqual([])
    expect(numbers((await list({ assignee: 'none' })).data)).toEqual([2, 1])
    expect(numbers((await list({ assignee: '*' })).data)).toEqual([])
    expect(numbers((await list({ mentioned: owner })).data)).toEqual([2])
    const paged = await list({ state: 'all', direction: 'asc', per_page: 2, page: 2 })
    expect(numbers(paged.data)).toEqual([3])
    expect((await statusOf(list({ sort: 'loudest' }))).status).toBe(422)
    expect((await statusOf(list({ since: 'yesterday' }))).status).toBe(422)
  })

  it('repos: sort, direction, type', async () => {
    const list = (q: Record<string, unknown>) => octokit.rest.repos.listForAuthenticatedUser(q)
    const names = async (q: Record<string, unknown>) => (await list(q)).data.map((r) => r.name)
    const all = await list({})
    valid('GET', '/user/repos', 200, all.data)
    expect(all.data.map((r) => r.name)).toEqual(['another', repo])
    expect(await names({ direction: 'desc' })).toEqual([repo, 'another'])
    expect(await names({ sort: 'created' })).toEqual(['another', repo])
    expect(await names({ sort: 'created', direction: 'asc' })).toEqual([repo, 'another'])
    expect(await names({ type: 'private' })).toEqual(['another'])
    expect(await names({ type: 'public' })).toEqual([repo])
    expect(await names({ type: 'owner' })).toEqual(['another', repo])
    expect(await names({ type: 'member' })).toEqual([])
    expect((await statusOf(list({ type: 'owner', visibility: 'all' }))).status).toBe(422)
  })

  it('comments: since', async () => {
    const list = (since?: string) => octokit.rest.issues.listComments({ owner, repo, issue_number: 1, since })
    const all = await list()
    valid('GET', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 200, all.data)
    expect(all.data.map((c) => c.body)).toEqual(['one', 'two'])
    expect((await list('2099-01-01T00:00:00Z')).data).toEqual([])
  })
})

describe('conditional requests and the rate limit', () => {
  it('an ETag / Last-Modified revalidation gets 304 and is not counted', async () => {
    const first = await octokit.rest.issues.get({ owner, repo, issue_number: 1 })
    valid('GET', '/repos/{owner}/{repo}/issues/{issue_number}', 200, first.data)
    const etag = first.headers.etag!
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/)
    expect(first.headers['last-modified']).toBe(new Date(first.data.updated_at).toUTCString())
    const used = Number(first.headers['x-ratelimit-used'])
    const again = await statusOf(
      octokit.rest.issues.get({ owner, repo, issue_number: 1, headers: { 'if-none-match': etag } }),
    )
    expect(again.status).toBe(304)
    expect(again.response?.headers['x-ratelimit-used']).toBe(String(used))
    const since = await statusOf(
      octokit.rest.issues.get({
        owner,
        repo,
        issue_number: 1,
        headers: { 'if-modified-since': first.headers['last-modified']! },
      }),
    )
    expect(since.status).toBe(304)
    const list = await octokit.rest.issues.listForRepo({ owner, repo })
    const listAgain = await statusOf(
      octokit.rest.issues.listForRepo({ owner, repo, headers: { 'if-none-match': list.headers.etag! } }),
    )
    expect(listAgain.status).toBe(304)
    // A change gives a new representation: the old tag no longer matches.
    await octokit.rest.issues.update({ owner, repo, issue_number: 1, title: 'first, renamed' })
    const changed = await octokit.rest.issues.get({
      owner,
      repo,
      issue_number: 1,
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    // Counted: the list, the update and this one; not the three 304s.
    expect(Number(changed.headers['x-ratelimit-used'])).toBe(used + 3)
  })

  it('x-ratelimit-* count down per call, and a spent budget is GitHub’s 403 that the throttling plugin sees', async () => {
    const a = await octokit.rest.users.getAuthenticated()
    const b = await octokit.rest.users.getAuthenticated()
    expect(a.headers['x-ratelimit-limit']).toBe('5000')
    expect(a.headers['x-ratelimit-resource']).toBe('core')
    expect(Number(b.headers['x-ratelimit-remaining'])).toBe(Number(a.headers['x-ratelimit-remaining']) - 1)
    expect(Number(b.headers['x-ratelimit-used'])).toBe(Number(a.headers['x-ratelimit-used']) + 1)
    const reset = Number(a.headers['x-ratelimit-reset'])
    expect(reset % 3600).toBe(0)
    expect(reset * 1000 - Date.now()).toBeLessThanOrEqual(3_600_000)
    // Spend the rest of this hour's budget but one, in the gateway's own counter (5000 HTTP calls
    // would only be slow); the calls below go through HTTP.
    const account = `${server.core.workspaces.get('default').id}/${connectionId}`
    const { rates } = server.core.simulation
    let w = rates.windowOf(account, 'core', Date.now() + shift, 5000)
    while (remainingOf(w) > 1) w = rates.spend(account, w)
    const last = await octokit.rest.users.getAuthenticated()
    expect(last.headers['x-ratelimit-remaining']).toBe('0')
    const refused = await statusOf(octokit.rest.users.getAuthenticated())
    expect(refused.status).toBe(403)
    expect(refused.response?.headers['x-ratelimit-remaining']).toBe('0')
    valid('GET', '/user', 403, refused.response?.data)
    expect(refused.response?.data).toMatchObject({
      message: expect.stringMatching(/^API rate limit exceeded for user ID \d+\./),
      documentation_url: expect.stringContaining('rate-limits'),
    })
    const seen: Array<{ retryAfter: number; url: string }> = []
    const Throttled = Octokit.plugin(throttling)
    const throttled = new Throttled({
      baseUrl,
      auth: key,
      log: quiet,
      throttle: {
        onRateLimit: (retryAfter: number, options: { url: string }) => {
          seen.push({ retryAfter, url: options.url })
          return false
        },
        onSecondaryRateLimit: () => false,
      },
    })
    expect((await statusOf(throttled.rest.users.getAuthenticated())).status).toBe(403)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.retryAfter).toBeGreaterThan(0)
    // The next hour's window starts over.
    shift = reset * 1000 - Date.now() + 1000
    const fresh = await octokit.rest.users.getAuthenticated()
    expect(fresh.headers['x-ratelimit-used']).toBe('1')
  })
})

describe('timestamps and webhook signatures', () => {
  it('timestamps are whole seconds without a fraction', async () => {
    const issue = await octokit.rest.issues.get({ owner, repo, issue_number: 3 })
    for (const at of [issue.data.created_at, issue.data.updated_at, issue.data.closed_at])
      expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const r = await octokit.rest.repos.get({ owner, repo })
    expect(r.data.created_at).toMatch(/:\d\dZ$/)
    const me = await octokit.rest.users.getAuthenticated()
    expect(me.data.created_at).toMatch(/:\d\dZ$/)
  })

  it('deliveries carry X-Hub-Signature (sha1) beside X-Hub-Signature-256', async () => {
    await server.core.simulation.settled()
    const hooks = capturedWebhooks(server.core.db)
    expect(hooks.length).toBeGreaterThan(0)
    for (const hook of hooks) {
      const raw = server.core.db
        .prepare('SELECT body FROM event_requests WHERE event_id = ?')
        .get(hook.id) as { body: Buffer }
      const sha1 = `sha1=${createHmac('sha1', SECRET).update(raw.body).digest('hex')}`
      expect(header(hook, 'x-hub-signature')).toBe(sha1)
      expect(await verify(SECRET, raw.body.toString('utf8'), header(hook, 'x-hub-signature-256')!)).toBe(true)
    }
  })
})
