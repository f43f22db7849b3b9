import { createManualClock } from '../../src/core/common/clock.js'
import type { Db } from '../../src/core/db/open.js'
import { type RunningServer, startServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'

const quiet = { error: () => {}, warn: () => {}, info: () => {} }

/** A second, real Switchyard on an ephemeral port acting as the upstream; restartable on its port. */
export async function startUpstream(options: { rpm?: number } = {}) {
  const folder = tempDir('switchyard-upstream-')
  const clock = createManualClock()
  const boot = (port: number) =>
    startServer({ dataDir: folder.dir, host: '127.0.0.1', port, clock, logger: quiet })
  let server: RunningServer = await boot(0)
  const key = server.firstRun!.keys.find((k) => k.role === 'secret')!.key
  server.core.workspaces.setTier('default', 'enterprise', options.rpm ?? 1_000_000)
  const port = server.port
  const ws = () => server.core.workspaces.get('default').id
  return {
    url: server.url,
    key,
    clock,
    get core() {
      return server.core
    },
    ws,
    /** Stops the upstream (as a crash or a redeploy would). */
    stop: () => server.close(),
    /** Starts it again on the same port and data folder. */
    async restart() {
      server = await boot(port)
    },
    async close() {
      await server.close()
      folder.cleanup()
    },
  }
}
export type Upstream = Awaited<ReturnType<typeof startUpstream>>

/** Fills the upstream's default workspace with one of everything and `events` domain events. */
export async function fillUpstream(up: Upstream, events: number) {
  const ws = up.ws()
  const core = up.core
  core.providers.create(ws, { id: 'acme-ledger', name: 'Acme Ledger', auth: { type: 'api_key' } })
  const config = core.providerConfigs.create(ws, {
    provider: 'github',
    client_id: 'Iv1.upstream',
    client_secret: 'upstream-client-secret',
    webhook_secret: 'upstream-webhook-secret',
  })
  const tokens = {
    access_token: 'gho_upstream_access',
    refresh_token: 'ghr_upstream_refresh',
    token_type: 'bearer',
  }
  core.connections.create(ws, {
    provider: 'github',
    provider_config_id: config.id,
    tenant_id: 'acme',
    mode: 'simulated',
    params: {},
    requested_scopes: ['repo'],
    tokens,
    session_id: 'sess_seed',
  })
  core.installations.create(ws, {
    provider: 'github',
    provider_config_id: config.id,
    tenant_id: 'globex',
    mode: 'simulated',
    external_id: '4242',
    session_id: 'sess_seed',
  })
  for (let i = 0; i < events; i++) {
    up.clock.advance(1000)
    core.events.emit(ws, { type: 'demo.ping', provider: 'github', tenant_id: 'acme', data: { n: i } })
  }
}

/** Every row of a table in a workspace, for before/after comparisons. */
export const rows = (db: Db, table: string, ws: string) =>
  db.prepare(`SELECT * FROM ${table} WHERE workspace_id = ? ORDER BY id`).all(ws) as Array<
    Record<string, unknown>
  >
