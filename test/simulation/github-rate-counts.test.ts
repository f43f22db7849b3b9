import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/**
 * The simulated GitHub's rate-limit counts belong to one gateway core: a second gateway in the same
 * process on the same accounts (a copy of the data folder, as `switchyard/testing` or a test
 * suite makes) starts with its own budget.
 */
const data = tempDir('switchyard-rate-counts-')
const running: RunningServer[] = []
afterAll(async () => {
  for (const server of running) await server.close()
  data.cleanup()
})

const remaining = async (server: RunningServer, key: string, conn: string) => {
  const res = await fetch(`${server.url}/proxy/${conn}/user`, { headers: { authorization: `Bearer ${key}` } })
  expect(res.status).toBe(200)
  return Number(res.headers.get('x-ratelimit-remaining'))
}

describe('simulated GitHub rate-limit counts', () => {
  it('are per gateway core: two gateways on the same accounts do not share a budget', async () => {
    const first = await startQuietServer(join(data.dir, 'a'))
    running.push(first)
    const key = firstSecretKey(first)
    const conn = await simulatedConnect(first, 'github', 'octo')
    await remaining(first, key, conn)
    await remaining(first, key, conn)
    expect(await remaining(first, key, conn)).toBe(4997)

    // The same workspace, key and connection ids, in a second core of this process.
    await first.core.proxy.flush()
    cpSync(join(data.dir, 'a'), join(data.dir, 'b'), { recursive: true })
    const second = await startQuietServer(join(data.dir, 'b'))
    running.push(second)
    expect(await remaining(second, key, conn)).toBe(4999)
    expect(await remaining(first, key, conn)).toBe(4996)
  })
})
