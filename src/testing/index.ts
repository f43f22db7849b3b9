import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '../core/errors.js'
import { waitForEvent } from '../core/events/event-wait.js'
import { fixturesOf, parseFixtures, readFixturesFile } from '../core/fixtures/fixtures.service.js'
import { DEFAULT_WORKSPACE } from '../core/workspaces/workspaces.service.js'
import { SwitchyardError } from '../sdk/errors.js'
import type { ResultOf } from '../sdk/index.js'
import { Switchyard } from '../sdk/switchyard.js'
import { startServer } from '../server/index.js'
import type { RunningSwitchyard, StartSwitchyardOptions } from './types.js'

export type { FixturesInput, RunningSwitchyard, StartSwitchyardOptions } from './types.js'

/** The SDK's error for a refusal of the core, so callers handle one error type. */
const asSdkError = (err: unknown) =>
  err instanceof AppError
    ? new SwitchyardError({ status: err.status, code: err.code, detail: err.detail, errors: err.errors })
    : err

const QUIET = { error: console.error, warn() {}, info() {} }
/** Test suites send bursts: unless the fixtures set a tier, `default` is not rate limited. */
const UNLIMITED_RPM = 1_000_000

/**
 * Starts a Switchyard gateway inside this process (no child process) for a test suite, on a fresh
 * temporary data folder unless `dataDir` is given. Several can run side by side in one process.
 */
export async function startSwitchyard(options: StartSwitchyardOptions = {}): Promise<RunningSwitchyard> {
  const raw = typeof options.fixtures === 'string' ? readFixturesFile(options.fixtures) : options.fixtures
  const fixtures = raw === undefined ? undefined : parseFixtures(raw)
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'switchyard-test-'))
  const removeDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({
      dataDir,
      host: '127.0.0.1',
      port: options.port ?? 0,
      logger: QUIET,
      ...(fixtures && { fixtures }),
    })
  } catch (err) {
    removeDir()
    throw err
  }
  const { core } = server
  const declared = fixtures?.workspaces.find((w) => w.name === DEFAULT_WORKSPACE)
  const defaultId = core.workspaces.get(DEFAULT_WORKSPACE).id
  if (!declared?.tier) core.workspaces.setTier(DEFAULT_WORKSPACE, 'enterprise', UNLIMITED_RPM)
  const keyOf = (role: 'secret' | 'publishable') =>
    declared?.api_keys.find((k) => k.key.startsWith(role === 'secret' ? 'sk_' : 'pk_'))?.key ??
    server.firstRun?.keys.find((k) => k.role === role)?.key ??
    core.apiKeys.create(defaultId, { name: `startSwitchyard ${role} key`, role }).key
  const secretKey = keyOf('secret')
  const publishableKey = keyOf('publishable')
  const client = new Switchyard({ apiKey: secretKey, baseUrl: server.url })
  const names = new Set([DEFAULT_WORKSPACE, ...(fixtures?.workspaces.map((w) => w.name) ?? [])])

  let stopped: Promise<void> | undefined
  return {
    url: server.url,
    secretKey,
    publishableKey,
    adminToken: server.adminToken,
    client,
    async reset() {
      for (const name of names) core.snapshots.resetWorkspace(core.workspaces.get(name).id)
      if (fixtures) fixturesOf(core).apply(fixtures)
    },
    async waitForEvent(filter = {}, waitOptions = {}) {
      const timeoutMs = waitOptions.timeoutMs ?? 30_000
      // In process rather than over HTTP: the feed subscribes synchronously, at this call.
      const event = await waitForEvent(core.events, defaultId, {
        filter,
        timeoutMs,
        after: waitOptions.after,
      }).catch((err: unknown) => {
        throw asSdkError(err)
      })
      if (event) return event as ResultOf<'waitForEvent'>
      throw new SwitchyardError({
        status: 408,
        code: 'wait_timeout',
        detail: `No matching event within ${timeoutMs} ms.`,
      })
    },
    stop() {
      stopped ??= server.close().finally(removeDir)
      return stopped
    },
  }
}
