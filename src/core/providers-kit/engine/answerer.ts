import { setTimeout as sleep } from 'node:timers/promises'
import type { CredentialsService } from '../../connections/credentials.js'
import { type Db, inTransaction } from '../../db/open.js'
import { AppError } from '../../errors.js'
import type { Answerer, ProxyCall } from '../../proxy/answerers.js'
import type { Sample } from '../../triggers/samples/sample.js'
import type { Fault } from './faults.schema.js'
import type { EngineParts } from './shared.js'
import type { TokenLedger, TokenVerdict } from './token-ledger.js'

/**
 * The built-in simulation as an answerer for simulated connections (in front of the recordings):
 * the connection's faults, then the token rule, then the provider's handler over its account's
 * state, in one transaction for a change; its webhooks leave after the answer.
 */
export function createSimulationAnswerer(
  parts: EngineParts,
  deps: { db: Db; ledger: TokenLedger; credentials: CredentialsService },
) {
  const { clock, repo } = parts
  const { db, ledger, credentials } = deps

  /** Uses up one call of the oldest pending fault of a kind. */
  const take = (workspaceId: string, connectionId: string, faults: Fault[], kind: Fault['kind']) => {
    const fault = faults.find((f) => f.kind === kind && f.remaining > 0)
    if (!fault) return undefined
    fault.remaining -= 1
    repo.saveFaults(workspaceId, connectionId, JSON.stringify(faults))
    return fault
  }

  /** The token rule, with the proxy's one refresh-and-retry when the token is refused. */
  async function authorize(call: ProxyCall): Promise<TokenVerdict> {
    const { workspaceId, connection } = call
    const check = (token: string | null | undefined) =>
      ledger.check(workspaceId, connection.id, connection.provider, token)
    const before = await credentials.usable(workspaceId, connection.id, { origin: call.origin })
    const verdict = check(before.access_token)
    if (verdict === 'ok' || !before.has_refresh_token) return verdict
    try {
      const after = await credentials.usable(workspaceId, connection.id, {
        origin: call.origin,
        forceRefresh: true,
      })
      return check(after.access_token)
    } catch (err) {
      // The refresh was refused (revoked access): the connection is needs_reauth now; this call
      // gets the provider's 401, the next ones the proxy's 409 needs_reauth.
      if (err instanceof AppError && err.code === 'needs_reauth') return verdict
      throw err
    }
  }

  // A latency fault waits here (an object, so a test can watch the delays without measuring time).
  const timing = { delay: (ms: number): Promise<void> => sleep(ms) }

  const answerer: Answerer = async (call) => {
    if (call.connection.mode !== 'simulated') return undefined
    const sim = parts.simulationOf(call.connection.provider)
    const handler = sim?.route(call)
    if (!sim || !handler) return undefined
    const { workspaceId, connection } = call
    const { faults, state } = parts.account(workspaceId, connection)
    const latency = take(workspaceId, connection.id, faults, 'latency')
    if (latency?.ms) await timing.delay(latency.ms)
    const env = { nowMs: clock.now(), ids: parts.ids }
    const failure = take(workspaceId, connection.id, faults, 'server_error')
    if (failure) return sim.errors.serverError(failure.status ?? 500, env)
    const verdict = await authorize(call)
    if (verdict !== 'ok') return sim.errors.unauthorized(verdict, env)
    if (take(workspaceId, connection.id, faults, 'rate_limit'))
      return sim.errors.rateLimited({ ...env, nowMs: clock.now() })
    const samples: Sample[] = []
    const run = () =>
      handler({
        call,
        nowMs: clock.now(),
        scopes: connection.scopes,
        // Read before the awaits above; a concurrent call may have changed it since.
        state: call.method === 'GET' ? state : parts.account(workspaceId, connection).state,
        saveState: (next) => repo.saveState(workspaceId, connection.id, JSON.stringify(next)),
        objects: parts.objectsOf(workspaceId, connection.id),
        emit: (sample) => samples.push(sample),
        params: {},
        ids: parts.ids,
      })
    // Reads need no write lock (BEGIN IMMEDIATE); a change is one transaction, webhooks included.
    const answer = call.method === 'GET' ? run() : inTransaction(db, run)
    parts.send(workspaceId, connection.provider, samples, call.origin)
    return answer
  }

  return { answerer, timing }
}
