import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { fillUpstream, rows, startUpstream, type Upstream } from './sync-helpers.js'

const BODY = Buffer.from('{"zen":"Keep it logically awesome.",  "hook_id": 7}\n')

describe('sync push to a second local Switchyard', () => {
  let up: Upstream
  let local: TestApp
  let ws: string
  beforeEach(async () => {
    up = await startUpstream()
    local = await createTestApp()
    ws = local.workspaceId
  })
  afterEach(async () => {
    await local.close()
    await up.close()
  })
  const capture = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await local.req('POST', `/webhooks/github?workspace=default&n=${i}`, {
        raw: BODY,
        headers: { 'content-type': 'application/json', 'x-github-event': 'ping', 'X-Custom-Trace': `t-${i}` },
      })
      expect(res.status).toBeLessThan(300)
    }
  }
  const push = () => local.core.sync.push({ workspaceId: ws, baseUrl: up.url })
  const upstreamRequests = () =>
    up.core.db
      .prepare(
        `SELECT r.* FROM event_requests r JOIN events e ON e.id = r.event_id WHERE e.workspace_id = ? ORDER BY e.rowid`,
      )
      .all(up.ws()) as Array<{ body: Buffer; headers: string; query: string; method: string }>

  it('sends each captured webhook byte-exact with its original headers', async () => {
    await capture(3)
    const summary = await push()
    expect(summary).toMatchObject({ pushed: 3, failed: [], complete: true })
    const got = upstreamRequests()
    expect(got.map((r) => Buffer.compare(r.body, BODY))).toEqual([0, 0, 0])
    expect(JSON.parse(got[1]!.headers)).toContainEqual(['x-custom-trace', 't-1'])
  })

  it('drops the local workspace name from the query and keeps the rest', async () => {
    await capture(1)
    await push()
    expect(upstreamRequests()[0]!.query).toBe('n=0')
  })

  it('never sends the same webhook twice', async () => {
    await capture(2)
    await push()
    const again = await push()
    expect(again.pushed).toBe(0)
    expect(upstreamRequests()).toHaveLength(2)
  })

  it('sends only webhooks captured here, not events pulled from the upstream', async () => {
    await fillUpstream(up, 5)
    await local.core.sync.pull({ workspaceId: ws, baseUrl: up.url, apiKey: up.key })
    await capture(1)
    const summary = await push()
    expect(summary.pushed).toBe(1)
  })

  it('an unreachable upstream stops the push, records nothing and the next push sends everything', async () => {
    await capture(2)
    await up.stop()
    const failed = await push()
    expect(failed).toMatchObject({ pushed: 0, complete: false })
    expect(failed.error).toMatch(/run the push again/)
    await up.restart()
    expect((await push()).pushed).toBe(2)
  })

  it('an upstream refusal is reported and the webhook is tried again next time', async () => {
    await capture(1)
    const summary = await local.core.sync.push({
      workspaceId: ws,
      baseUrl: up.url,
      upstreamWorkspace: 'no-such-ws',
    })
    expect(summary.failed).toHaveLength(1)
    expect(summary.failed[0]!.status).toBeGreaterThanOrEqual(400)
    expect((await push()).pushed).toBe(1)
  })

  it('pushed webhooks are recorded per upstream', async () => {
    await capture(1)
    await push()
    expect(rows(local.db, 'events', ws)).toHaveLength(1)
    expect(local.db.prepare('SELECT upstream, status FROM sync_pushes').all()).toEqual([
      { upstream: up.url, status: expect.any(Number) },
    ])
  })
})
