import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootstrap } from '../../src/core/bootstrap.js'
import { createManualClock } from '../../src/core/common/clock.js'
import { createCore } from '../../src/core/core.js'
import { openDataFolder } from '../../src/core/data-folder.js'
import type { SimulationIds } from '../../src/core/providers-kit/kit/ids.js'
import { createApp } from '../../src/server/app.js'
import { openSdkUpstream } from '../../src/server/sdk-upstream.js'

/** A fresh data folder in the OS temp dir, removed by `cleanup()`. */
export function tempDir(prefix = 'switchyard-test-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * A whole app on a real SQLite file in a temp folder, with a manual clock and the bootstrap
 * workspace and keys. `req()` sends through `app.request()` with a loopback Host.
 * The default workspace gets a very high rate limit unless `rateLimited` is set.
 */
export async function createTestApp(options: { rateLimited?: boolean; simulationIds?: SimulationIds } = {}) {
  const { dir, cleanup } = tempDir()
  const folder = openDataFolder(dir)
  const { db } = folder
  const clock = createManualClock()
  const core = createCore({
    db,
    clock,
    encryptionKey: folder.encryptionKey,
    adminToken: folder.adminToken,
    openUpstream: openSdkUpstream,
    ...(options.simulationIds && { simulationIds: options.simulationIds }),
  })
  const first = bootstrap(core)!
  // Most tests send bursts on a clock that never moves: lift the free tier's 60/minute unless asked.
  if (!options.rateLimited) core.workspaces.setTier('default', 'enterprise', 1_000_000)
  const app = await createApp({ core, logger: { error: () => {}, warn: () => {}, info: () => {} } })
  const secretKey = first.keys.find((k) => k.role === 'secret')!.key
  const publishableKey = first.keys.find((k) => k.role === 'publishable')!.key

  const req = (
    method: string,
    path: string,
    options: {
      key?: string | undefined
      body?: unknown
      headers?: Record<string, string>
      raw?: BodyInit
    } = {},
  ) => {
    const headers: Record<string, string> = { host: '127.0.0.1:4747', ...options.headers }
    if (options.key) headers.authorization = `Bearer ${options.key}`
    let body: BodyInit | undefined = options.raw
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    return app.request(path, { method, headers, ...(body !== undefined && { body }) })
  }

  return {
    dir,
    db,
    core,
    app,
    clock,
    secretKey,
    publishableKey,
    adminToken: folder.adminToken,
    workspaceId: core.workspaces.get('default').id,
    req,
    /** Captures a GitHub push through core's ingest path, as `POST /webhooks/github` would. */
    capture: (body = '{}') =>
      core.webhooks.ingest({
        workspaceId: core.workspaces.get('default').id,
        provider: 'github',
        method: 'POST',
        path: '/webhooks/github',
        query: '',
        headers: [
          ['content-type', 'application/json'],
          ['x-github-event', 'push'],
        ],
        body: Buffer.from(body),
      }),
    /** Stops what core started (its dispatcher, queues, feeds, commit worker), then removes the folder. */
    async close() {
      await core.close()
      db.close()
      cleanup()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>
