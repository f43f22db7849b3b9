import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

/** Rate limits over real HTTP: concurrency, and tier changes made by another process. */
let data: ReturnType<typeof tempDir>
let server: RunningServer
let key: string

beforeEach(async () => {
  data = tempDir()
  // The clock stands still, so the burst below cannot straddle a window edge on a slow machine.
  server = await startQuietServer(data.dir, { clock: createManualClock() })
  key = firstSecretKey(server)
})
afterEach(async () => {
  await server.close()
  data.cleanup()
})

const search = () =>
  fetch(`${server.url}/api/api-keys/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  })

describe('rate limits over real HTTP', () => {
  it('75 parallel requests on the free tier: exactly 60 accepted, 15 refused with 429', async () => {
    const responses = await Promise.all(Array.from({ length: 75 }, () => search()))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]))
      .sort((a, b) => a - b)
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i))
  })

  it('`switchyard workspaces set-tier` from another process applies to the running server at once', async () => {
    await Promise.all(Array.from({ length: 60 }, () => search()))
    expect((await search()).status).toBe(429)
    const cli = runCli(['workspaces', 'set-tier', '--name', 'default', '--tier', 'pro', '--data', data.dir])
    expect(cli.code, cli.stderr).toBe(0)
    const res = await search()
    expect(res.status).toBe(200)
    expect(res.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60')
  })
})
