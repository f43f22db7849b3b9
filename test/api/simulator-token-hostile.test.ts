import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_FILE } from '../../src/core/data-folder.js'
import { simulatorClientId } from '../../src/core/oauth/endpoints.js'
import { tokenStyleOf } from '../../src/core/simulator/token-styles.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { startQuietServer } from '../helpers/server.js'

/**
 * The simulator's token endpoint is unauthenticated (any local process or web page can POST a form
 * to it): an unknown client or a refresh token it never issued is refused, and nothing is written.
 */
const data = tempDir()
const logged: unknown[][] = []
let server: RunningServer

beforeAll(async () => {
  server = await startQuietServer(data.dir, {
    logger: { error: (...args: unknown[]) => logged.push(args), warn() {}, info() {} },
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const tokenRows = () => {
  const db = new Database(join(data.dir, DB_FILE), { readonly: true })
  try {
    return ['simulation_grants', 'simulation_tokens'].map(
      (table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    )
  } finally {
    db.close()
  }
}
const refresh = (clientId: string, refreshToken: string) =>
  fetch(`${server.url}/simulator/github/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  })

describe('the simulator token endpoint against made-up clients and tokens', () => {
  it('a client id naming no workspace is 401 invalid_client, writes nothing and logs nothing', async () => {
    const before = tokenRows()
    const res = await refresh(simulatorClientId('ws_does_not_exist'), tokenStyleOf('github').refresh())
    expect(res.status).toBe(401)
    expect((await res.json()).error).toBe('invalid_client')
    expect(tokenRows()).toEqual(before)
    expect(logged).toEqual([])
  })

  it('a well-shaped refresh token the simulator never issued is 400 invalid_grant and mints no rows', async () => {
    const workspaceId = server.core.workspaces.get('default').id
    const before = tokenRows()
    for (let i = 0; i < 5; i++) {
      const res = await refresh(simulatorClientId(workspaceId), tokenStyleOf('github').refresh())
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe('invalid_grant')
    }
    expect(tokenRows()).toEqual(before)
    expect(logged).toEqual([])
  })
})
