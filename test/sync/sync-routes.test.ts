import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { fillUpstream, rows, startUpstream, type Upstream } from './sync-helpers.js'

describe('sync jobs over HTTP for the UI (POST /api/sync/pull|push, GET /api/sync/jobs/{id})', () => {
  let up: Upstream
  let local: TestApp
  beforeEach(async () => {
    up = await startUpstream()
    local = await createTestApp()
  })
  afterEach(async () => {
    await local.close()
    await up.close()
  })
  const post = (path: string, body: unknown) => local.req('POST', path, { key: local.adminToken, body })
  const finished = async (id: string) => {
    await local.core.sync.jobs.settled(id)
    return (await local.req('GET', `/api/sync/jobs/${id}`, { key: local.adminToken })).json()
  }

  it('a pull job answers 202 at once and ends succeeded with counts per resource', async () => {
    await fillUpstream(up, 20)
    const res = await post('/api/sync/pull', { from: up.url, key: up.key })
    expect(res.status).toBe(202)
    const job = await finished((await res.json()).id)
    expect(job).toMatchObject({ kind: 'pull', status: 'succeeded', pull: { connections: { added: 1 } } })
  })

  it('a push job sends captured webhooks and reports them', async () => {
    await local.req('POST', '/webhooks/github', {
      raw: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    })
    const res = await post('/api/sync/push', { to: up.url })
    const job = await finished((await res.json()).id)
    expect(job).toMatchObject({ kind: 'push', status: 'succeeded', push: { pushed: 1, total: 1 } })
  })

  it('a failing pull ends failed with the reason', async () => {
    await up.stop()
    const res = await post('/api/sync/pull', { from: up.url, key: up.key })
    const id = (await res.json()).id
    const job = await finished(id)
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/run the pull again/) })
    await up.restart()
  }, 60_000)

  it('a second job while one runs is a 409', async () => {
    await fillUpstream(up, 5)
    const first = await post('/api/sync/pull', { from: up.url, key: up.key })
    const second = await post('/api/sync/push', { to: up.url })
    expect(second.status).toBe(409)
    await local.core.sync.jobs.settled((await first.json()).id)
  })

  it('a job of another workspace is a 404', async () => {
    local.core.workspaces.create({ name: 'other', tier: 'pro' })
    const res = await post('/api/sync/push', { to: up.url })
    const id = (await res.json()).id
    await local.core.sync.jobs.settled(id)
    const res2 = await local.req('GET', `/api/sync/jobs/${id}`, {
      key: local.adminToken,
      headers: { 'switchyard-workspace': 'other' },
    })
    expect(res2.status).toBe(404)
  })

  it.each([
    ['a non-http URL', { from: 'javascript:alert(1)', key: 'sk_x' }],
    ['a publishable key', { from: 'http://127.0.0.1:1', key: 'pk_abc' }],
    ['a missing key', { from: 'http://127.0.0.1:1' }],
    ['a number for from', { from: 42, key: 'sk_x' }],
    ['an unknown field', { from: 'http://127.0.0.1:1', key: 'sk_x', evil: true }],
    ['an oversized URL', { from: `http://x/${'a'.repeat(5000)}`, key: 'sk_x' }],
  ])('a pull with %s is a 400 problem and starts nothing', async (_name, body) => {
    const res = await post('/api/sync/pull', body)
    expect([res.status, res.headers.get('content-type')]).toEqual([
      400,
      expect.stringMatching(/problem\+json/),
    ])
    expect(rows(local.db, 'events', local.workspaceId)).toHaveLength(0)
  })

  it('a malformed JSON body is a 400', async () => {
    const res = await local.req('POST', '/api/sync/push', {
      key: local.adminToken,
      raw: '{"to":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })

  it('an API key, even a secret one, cannot start a sync job (the CLI is for scripts)', async () => {
    const res = await local.req('POST', '/api/sync/push', { key: local.secretKey, body: { to: up.url } })
    expect(res.status).toBe(403)
  })
})
