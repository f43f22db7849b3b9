import {
  AuthenticationLinearError,
  InvalidInputLinearError,
  LinearClient,
  RatelimitedLinearError,
} from '@linear/sdk'
import { LinearWebhookClient } from '@linear/sdk/webhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, header, simulatedConnect } from './helpers.js'

/**
 * The official SDK, unchanged, against the simulated Linear: @linear/sdk's LinearClient with
 * `apiUrl: <gateway>/proxy/<connection_id>/graphql` and a Switchyard secret key as its API key.
 * Every webhook the calls cause is checked with the SDK's own LinearWebhookClient.
 */
const SECRET = 'linear-webhook-secret-7d1e'
const data = tempDir('switchyard-linear-sdk-')
let server: RunningServer
let key: string
let conn: string
let linear: LinearClient

const clientFor = (connectionId: string) =>
  new LinearClient({ apiKey: key, apiUrl: `${server.url}/proxy/${connectionId}/graphql` })
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (e: unknown) => e,
  )
const api = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  expect((await api('/api/provider-configs', { provider: 'linear', webhook_secret: SECRET })).status).toBe(
    201,
  )
  conn = await simulatedConnect(server, 'linear', 'acme', { scopes: ['read', 'write'] })
  linear = clientFor(conn)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@linear/sdk against the simulated Linear', () => {
  it('viewer and teams: a new workspace has an Engineering team with its workflow states', async () => {
    const me = await linear.viewer
    expect(me.name).toBe('Acme Admin')
    expect(me.email).toBe('admin@acme.example')
    const teams = await linear.teams()
    expect(teams.nodes.map((t) => t.key)).toEqual(['ENG'])
    const states = await teams.nodes[0]!.states()
    expect(states.nodes.map((s) => s.name)).toEqual(['Backlog', 'Todo', 'In Progress', 'Done', 'Canceled'])
  })

  it('createIssue, issue(id), updateIssue and createComment change the workspace', async () => {
    const [team] = (await linear.teams()).nodes
    const created = await linear.createIssue({ teamId: team!.id, title: 'Offline Linear', priority: 2 })
    expect(created.success).toBe(true)
    const issue = (await created.issue)!
    expect(issue).toMatchObject({
      identifier: 'ENG-1',
      title: 'Offline Linear',
      priority: 2,
      priorityLabel: 'High',
    })
    expect((await issue.state)?.name).toBe('Todo')
    const done = (await team!.states()).nodes.find((s) => s.name === 'Done')!
    const updated = await linear.updateIssue(issue.id, { stateId: done.id, title: 'Offline Linear, done' })
    expect(updated.success).toBe(true)
    const again = await linear.issue('ENG-1')
    expect(again.title).toBe('Offline Linear, done')
    expect((await again.state)?.type).toBe('completed')
    const comment = await linear.createComment({ issueId: issue.id, body: 'Shipped :tada:' })
    expect(comment.success).toBe(true)
    expect((await comment.comment)?.body).toBe('Shipped :tada:')
    const comments = await again.comments()
    expect(comments.nodes.map((c) => c.body)).toEqual(['Shipped :tada:'])
  })

  it('issues pages with first/after and fetchNext()', async () => {
    const [team] = (await linear.teams()).nodes
    for (let i = 2; i <= 5; i++) await linear.createIssue({ teamId: team!.id, title: `Issue ${i}` })
    const page = await linear.issues({ first: 2 })
    expect(page.nodes.map((i) => i.identifier)).toEqual(['ENG-5', 'ENG-4'])
    expect(page.pageInfo.hasNextPage).toBe(true)
    await page.fetchNext()
    await page.fetchNext()
    expect(page.nodes.map((i) => i.identifier)).toEqual(['ENG-5', 'ENG-4', 'ENG-3', 'ENG-2', 'ENG-1'])
    expect(page.pageInfo.hasNextPage).toBe(false)
    const after = await linear.issues({
      first: 10,
      after: (await linear.issues({ first: 3 })).pageInfo.endCursor,
    })
    expect(after.nodes.map((i) => i.identifier)).toEqual(['ENG-2', 'ENG-1'])
  })

  it("errors arrive in Linear's shape and as the SDK's error classes, changing nothing", async () => {
    const missing = await failure(linear.issue('ENG-999'))
    expect(missing).toBeInstanceOf(InvalidInputLinearError)
    expect((missing as InvalidInputLinearError).message).toBe('Entity not found: Issue')
    const noTeam = await failure(linear.createIssue({ teamId: 'not-a-team', title: 'x' }))
    expect(noTeam).toBeInstanceOf(InvalidInputLinearError)
    const empty = await failure(
      linear.createIssue({ teamId: (await linear.teams()).nodes[0]!.id, title: ' ' }),
    )
    expect(empty).toBeInstanceOf(InvalidInputLinearError)
    expect((await linear.issues({ first: 50 })).nodes).toHaveLength(5)
    const raw = await fetch(`${server.url}/proxy/${conn}/graphql`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ issue(id: "nope") { id } }' }),
    })
    expect(raw.status).toBe(400)
    const body = (await raw.json()) as { errors: Array<{ extensions: Record<string, unknown> }> }
    expect(body.errors[0]!.extensions).toMatchObject({
      type: 'invalid input',
      userPresentableMessage: 'Entity not found: Issue',
    })
    expect(
      (
        await fetch(`${server.url}/proxy/${conn}/graphql`, {
          method: 'POST',
          headers: { authorization: 'nope' },
        })
      ).status,
    ).toBe(401)
  })

  it('faults: rate_limit is a RATELIMITED error, revoke_access an authentication error', async () => {
    const other = await simulatedConnect(server, 'linear', 'faulty', { scopes: ['read', 'write'] })
    const client = clientFor(other)
    expect(
      (await api(`/api/connections/${other}/faults`, { kind: 'rate_limit', count: 1 })).status,
    ).toBeLessThan(300)
    const limited = await failure(client.viewer)
    expect(limited).toBeInstanceOf(RatelimitedLinearError)
    expect((await client.viewer).name).toBe('Faulty Admin')
    expect((await api(`/api/connections/${other}/faults`, { kind: 'revoke_access' })).status).toBeLessThan(
      300,
    )
    expect(await failure(client.viewer)).toBeInstanceOf(AuthenticationLinearError)
  })

  it('each change arrives as a Linear webhook that LinearWebhookClient verifies', async () => {
    await server.core.simulation.settled()
    const hooks = capturedWebhooks(server.core.db, 'linear')
    const kinds = hooks.map((h) => `${h.body.type}.${h.body.action}`)
    expect(kinds.slice(0, 4)).toEqual(['Issue.create', 'Issue.update', 'Comment.create', 'Issue.create'])
    const verifier = new LinearWebhookClient(SECRET)
    for (const hook of hooks) {
      expect(hook.signature).toBe('valid')
      const raw = Buffer.from(JSON.stringify(hook.body))
      expect(verifier.verify(raw, header(hook, 'linear-signature')!)).toBe(true)
      expect(() => verifier.verify(raw, 'ab'.repeat(32))).toThrow()
    }
    expect(hooks[1]!.body.updatedFrom).toMatchObject({ title: 'Offline Linear' })
    expect(hooks[2]!.provider_event_type).toBe('Comment')
  })
})
