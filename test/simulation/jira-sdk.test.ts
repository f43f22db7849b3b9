import { createHmac, timingSafeEqual } from 'node:crypto'
import { AuthError, NotFoundError, RateLimitError, ServerError } from 'jira.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, configureProvider, header, simulatedConnect } from './helpers.js'
import { doc, failure, jiraThroughGateway } from './jira-client.js'

/**
 * jira.js 6.2.0 (`createCloudClient`, the REST v3 surface), unchanged but for its host, against
 * the simulated Jira Cloud; every answer is checked against the SDK's response schemas.
 */
const SECRET = 'jira-webhook-secret-2c9f'
const SCOPES = ['read:jira-work', 'write:jira-work', 'read:jira-user']
const data = tempDir('switchyard-jira-sdk-')
let server: RunningServer
let key: string
let conn: string
let jira: ReturnType<typeof jiraThroughGateway>

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  await configureProvider(server, key, 'jira', SECRET)
  conn = await simulatedConnect(server, 'jira', 'acme', { scopes: SCOPES })
  jira = jiraThroughGateway(server, conn, key)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const create = (summary: string, extra: Record<string, unknown> = {}) =>
  jira.issues.createIssue({
    fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, summary, ...extra },
  })

describe('jira.js against the simulated Jira Cloud', () => {
  it('a simulated connection has a cloud id, so the catalog base URL resolves for live calls too', async () => {
    const res = await api('GET', `/api/connections/${conn}`)
    const connection = (await res.json()) as { metadata: Record<string, string> }
    expect(connection.metadata.cloud_id).toMatch(/^[0-9a-f-]{36}$/)
    const providers = await (await api('GET', '/api/providers/jira')).json()
    expect(providers.api.base_url).toBe('https://api.atlassian.com/ex/jira/{cloud_id}')
  })

  it('createIssue, getIssue (ADF description, fields) and editIssue', async () => {
    const created = await create('Offline Jira', { description: doc('Made through the proxy.') })
    expect(created).toMatchObject({ id: '10001', key: 'SY-1' })
    expect(created.self).toBe(`${server.url}/proxy/${conn}/rest/api/3/issue/10001`)
    const issue = await jira.issues.getIssue({ issueIdOrKey: 'SY-1' })
    expect(issue.fields).toMatchObject({
      summary: 'Offline Jira',
      description: doc('Made through the proxy.'),
      issuetype: { name: 'Task' },
      project: { key: 'SY', name: 'Acme' },
      status: { name: 'To Do', statusCategory: { key: 'new' } },
      assignee: null,
      reporter: { displayName: 'Acme Admin' },
    })
    const picked = await jira.issues.getIssue({ issueIdOrKey: '10001', fields: ['summary', 'status'] })
    expect(Object.keys(picked.fields!).sort()).toEqual(['status', 'summary'])

    const me = (issue.fields!.reporter as { accountId: string }).accountId
    await jira.issues.editIssue({
      issueIdOrKey: 'SY-1',
      fields: { summary: 'Offline Jira, edited', assignee: { accountId: me }, labels: ['offline'] },
    })
    const edited = await jira.issues.getIssue({ issueIdOrKey: 'sy-1' })
    expect(edited.fields).toMatchObject({
      summary: 'Offline Jira, edited',
      assignee: { accountId: me },
      labels: ['offline'],
      description: doc('Made through the proxy.'),
    })
  })

  it('getTransitions and doTransition move an issue through the default workflow', async () => {
    const before = await jira.issues.getTransitions({ issueIdOrKey: 'SY-1' })
    expect(before.transitions!.map((t) => `${t.id} ${t.name}`)).toEqual(['21 In Progress', '31 Done'])
    await jira.issues.doTransition({ issueIdOrKey: 'SY-1', transition: { id: '21' } })
    const moved = await jira.issues.getIssue({ issueIdOrKey: 'SY-1', fields: ['status'] })
    expect(moved.fields!.status).toMatchObject({
      name: 'In Progress',
      statusCategory: { key: 'indeterminate' },
    })
    const after = await jira.issues.getTransitions({ issueIdOrKey: 'SY-1' })
    expect(after.transitions!.map((t) => t.to?.name)).toEqual(['To Do', 'Done'])
    const refused = await failure(
      jira.issues.doTransition({ issueIdOrKey: 'SY-1', transition: { id: '21' } }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      errorMessages: ["Transition id '21' is not valid for this issue."],
      errors: {},
    })
  })

  it('addComment takes and returns ADF; the issue lists its comments', async () => {
    const comment = await jira.issueComments.addComment({ issueIdOrKey: 'SY-1', body: doc('Shipped.') })
    expect(comment).toMatchObject({
      id: '10001',
      body: doc('Shipped.'),
      author: { displayName: 'Acme Admin' },
    })
    expect(comment.created).toBeInstanceOf(Date)
    const listed = await jira.issueComments.getComments({ issueIdOrKey: 'SY-1' })
    expect(listed.comments!.map((c) => c.body)).toEqual([doc('Shipped.')])
    const issue = await jira.issues.getIssue({ issueIdOrKey: 'SY-1', fields: ['comment'] })
    expect(issue.fields!.comment.total).toBe(1)
  })

  it('JQL search: the subset, ORDER BY created, and nextPageToken paging', async () => {
    for (let i = 2; i <= 7; i++) await create(`Task ${i}`)
    await jira.issues.doTransition({ issueIdOrKey: 'SY-3', transition: { id: '31' } })
    // jira.js has no pager for the enhanced search: an app loops on nextPageToken, as here.
    const keys: string[] = []
    let nextPageToken: string | undefined
    let pages = 0
    do {
      const page = await jira.issueSearch.searchAndReconsileIssuesUsingJql({
        jql: 'project = SY ORDER BY created ASC',
        maxResults: 3,
        fields: ['summary', 'status'],
        ...(nextPageToken && { nextPageToken }),
      })
      keys.push(...page.issues!.map((i) => i.key!))
      nextPageToken = page.nextPageToken ?? undefined
      expect(page.isLast).toBe(nextPageToken === undefined)
      pages++
    } while (nextPageToken)
    expect(pages).toBe(3)
    expect(keys).toEqual(['SY-1', 'SY-2', 'SY-3', 'SY-4', 'SY-5', 'SY-6', 'SY-7'])

    const done = await jira.issueSearch.searchAndReconsileIssuesUsingJqlPost({
      jql: 'project = "SY" AND status = Done',
      fields: ['summary'],
    })
    expect(done.issues!.map((i) => i.key)).toEqual(['SY-3'])
    const mine = await jira.issueSearch.searchAndReconsileIssuesUsingJql({ jql: 'assignee = currentUser()' })
    expect(mine.issues).toEqual([{ id: '10001' }])
    const unassigned = await jira.issueSearch.searchAndReconsileIssuesUsingJql({
      jql: "status = 'To Do' AND assignee is EMPTY".replace('is', '='),
      maxResults: 2,
    })
    expect(unassigned.issues).toEqual([{ id: '10007' }, { id: '10006' }])
  })

  it("refuses JQL outside the subset and bad input in Jira's shape, changing nothing", async () => {
    const search = (jql: string) => failure(jira.issueSearch.searchAndReconsileIssuesUsingJql({ jql }))
    for (const [jql, message] of [
      ['summary ~ offline', "Field 'summary' does not exist or you do not have permission to view it."],
      ['project = SY OR status = Done', 'not supported by the simulated Jira'],
      ['project = NOPE', "The value 'NOPE' does not exist for the field 'project'."],
      ['ORDER BY created DESC', 'Unbounded JQL queries are not allowed here.'],
      ['project = SY ORDER BY updated', "orders only by 'created'"],
    ] as const) {
      const err = await search(jql)
      expect(err.status, jql).toBe(400)
      expect((err.body as { errorMessages: string[] }).errorMessages[0]).toContain(message)
    }
    const badToken = await failure(
      jira.issueSearch.searchAndReconsileIssuesUsingJql({ jql: 'project = SY', nextPageToken: 'bm9wZQ' }),
    )
    expect(badToken.status).toBe(400)

    const missing = await failure(jira.issues.getIssue({ issueIdOrKey: 'SY-999' }))
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(missing.body).toEqual({
      errorMessages: ['Issue does not exist or you do not have permission to see it.'],
      errors: {},
    })
    const invalid = await failure(
      jira.issues.createIssue({ fields: { project: { key: 'NOPE' }, description: 'plain text' } as never }),
    )
    expect(invalid.body).toEqual({
      errorMessages: [],
      errors: {
        project: 'Specify a valid project ID or key',
        issuetype: 'Specify an issue type',
        summary: 'You must specify a summary of the issue.',
      },
    })
    const noSummary = await failure(
      jira.issues.createIssue({
        fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, description: doc('x') },
      }),
    )
    expect(noSummary.body).toEqual({
      errorMessages: [],
      errors: { summary: 'You must specify a summary of the issue.' },
    })
    const badEdit = await failure(
      jira.issues.editIssue({ issueIdOrKey: 'SY-2', fields: { summary: '', priority: { id: '1' } } }),
    )
    expect(badEdit.body).toMatchObject({
      errors: {
        summary: 'You must specify a summary of the issue.',
        priority: "Field 'priority' cannot be set. It is not on the appropriate screen, or unknown.",
      },
    })
    const emptyComment = await failure(
      jira.issueComments.addComment({ issueIdOrKey: 'SY-2', body: doc(' ') }),
    )
    expect(emptyComment.body).toEqual({
      errorMessages: [],
      errors: { comment: 'Comment body can not be empty!' },
    })
    const all = await jira.issueSearch.searchAndReconsileIssuesUsingJql({
      jql: 'project = SY',
      fields: ['summary'],
    })
    expect(all.issues).toHaveLength(7)
    expect(all.issues!.find((i) => i.key === 'SY-2')!.fields!.summary).toBe('Task 2')
    expect((await jira.issueComments.getComments({ issueIdOrKey: 'SY-2' })).total).toBe(0)
  })

  it('a plain-text description or comment (jira.js sends those to REST v2) is kept as ADF', async () => {
    const created = await create('Plain text', { description: 'First line' })
    const issue = await jira.issues.getIssue({ issueIdOrKey: created.key, fields: ['description'] })
    expect(issue.fields!.description).toEqual(doc('First line'))
    const comment = await jira.issueComments.addComment({ issueIdOrKey: created.key, body: 'Plain comment' })
    expect(comment.body).toEqual(doc('Plain comment'))
  })

  it("faults: rate_limit in Jira's 429, server_error, latency, expired and revoked tokens", async () => {
    const other = await simulatedConnect(server, 'jira', 'faulty', { scopes: SCOPES })
    const client = jiraThroughGateway(server, other, key)
    const fault = (body: unknown) => api('POST', `/api/connections/${other}/faults`, body)
    const probe = () => client.issueSearch.searchAndReconsileIssuesUsingJql({ jql: 'project = SY' })
    expect((await fault({ kind: 'rate_limit', count: 1 })).status).toBe(201)
    const limited = await failure(probe())
    expect(limited).toBeInstanceOf(RateLimitError)
    expect(limited.retryAfterMs).toBe(60_000)
    expect(limited.body).toMatchObject({ errorMessages: [expect.stringContaining('Rate limit exceeded')] })
    expect((await fault({ kind: 'server_error', count: 1, status: 503 })).status).toBe(201)
    expect(await failure(probe())).toBeInstanceOf(ServerError)
    expect((await fault({ kind: 'latency', ms: 20, count: 1 })).status).toBe(201)
    expect((await probe()).issues).toEqual([])
    // An expired token is refreshed by the proxy once, so the call goes through.
    expect((await fault({ kind: 'expire_token' })).status).toBe(201)
    expect((await probe()).isLast).toBe(true)
    expect((await fault({ kind: 'revoke_access' })).status).toBe(201)
    const revoked = await failure(probe())
    expect(revoked).toBeInstanceOf(AuthError)
    expect(revoked.body).toEqual({ code: 401, message: 'Unauthorized' })
  })

  it('each change arrives as a Jira webhook signed X-Hub-Signature: sha256=<hex HMAC> with the secret', async () => {
    await server.core.simulation.settled()
    const hooks = capturedWebhooks(server.core.db, 'jira')
    expect(hooks.slice(0, 4).map((h) => h.provider_event_type)).toEqual([
      'jira:issue_created',
      'jira:issue_updated',
      'jira:issue_updated',
      'comment_created',
    ])
    const edit = hooks[1]!.body as {
      issue_event_type_name: string
      changelog: { items: Array<Record<string, unknown>> }
    }
    expect(edit.issue_event_type_name).toBe('issue_updated')
    expect(edit.changelog.items.map((i) => i.field)).toEqual(['summary', 'assignee', 'labels'])
    expect(edit.changelog.items[0]).toMatchObject({
      fromString: 'Offline Jira',
      toString: 'Offline Jira, edited',
    })
    expect(hooks[2]!.body).toMatchObject({
      issue_event_type_name: 'issue_generic',
      changelog: { items: [{ field: 'status', fromString: 'To Do', toString: 'In Progress' }] },
    })
    expect(hooks[3]!.body).toMatchObject({ comment: { body: doc('Shipped.') }, issue: { key: 'SY-1' } })
    // jira.js 6.2.0 ships no webhook verifier: this is Atlassian's documented check, verbatim.
    for (const hook of hooks) {
      expect(hook.signature).toBe('valid')
      const raw = Buffer.from(JSON.stringify(hook.body))
      const expected = `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`
      const sent = header(hook, 'x-hub-signature')!
      expect(timingSafeEqual(Buffer.from(sent), Buffer.from(expected))).toBe(true)
      expect(header(hook, 'x-atlassian-webhook-identifier')).toMatch(/^\d+/)
    }
  })
})
