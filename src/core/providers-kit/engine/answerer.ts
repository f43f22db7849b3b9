import { setTimeout as sleep } from 'node:timers/promises'
import type { CredentialsService } from '../../connections/credentials.js'
import { type Db, inTransaction } from '../../db/open.js'
import { AppError } from '../../errors.js'
import type { ProxyAnswer, ProxyCall } from '../../proxy/answerer.js'
import type { Sample } from '../../triggers/samples/sample.js'
import type { Fault } from './faults.schema.js'
import type { EngineParts } from './shared.js'
import type { TokenLedger, TokenVerdict } from './token-ledger.js'

/** A fault's answer for a provider without a built-in simulation (no dialect to speak). */
const plainFault = (status: number): ProxyAnswer => ({
  status,
  headers: [
    ['content-type', 'application/json'],
    ...(status === 429 ? ([['retry-after', '60']] as Array<[string, string]>) : []),
  ],
  body: new TextEncoder().encode(
    JSON.stringify({ error: status === 429 ? 'rate_limited' : 'server_error', simulated_fault: true }),
  ),
  mode: 'simulated',
})

/**
 * The built-in simulation as two links of the proxy's chain for simulated connections: the
 * connection's faults (asked before anything answers, whatever answers), and the answer itself: the
 * token rule, then the provider's handler over its account's state, in one transaction for a
 * change; its webhooks leave after the answer.
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

  /**
   * The connection's pending call faults, asked by the proxy before anything answers a simulated
   * call (mock route, simulation or recording): waits out a latency fault, then answers a
   * server_error or rate_limit fault in the provider's dialect (a plain JSON error without a
   * simulation), else passes.
   */
  const faultAnswerer = async (call: ProxyCall): Promise<ProxyAnswer | undefined> => {
    if (call.connection.mode !== 'simulated') return undefined
    const { workspaceId, connection } = call
    const sim = parts.simulationOf(connection.provider)
    const { faults } = parts.account(workspaceId, connection)
    const latency = take(workspaceId, connection.id, faults, 'latency')
    if (latency?.ms) await timing.delay(latency.ms)
    const env = { nowMs: clock.now(), ids: parts.ids }
    const failure = take(workspaceId, connection.id, faults, 'server_error')
    if (failure) {
      const status = failure.status ?? 500
      return sim ? sim.errors.serverError(status, env) : plainFault(status)
    }
    if (take(workspaceId, connection.id, faults, 'rate_limit'))
      return sim ? sim.errors.rateLimited(env) : plainFault(429)
    return undefined
  }

  const answerer = async (call: ProxyCall): Promise<ProxyAnswer | undefined> => {
    if (call.connection.mode !== 'simulated') return undefined
    const sim = parts.simulationOf(call.connection.provider)
    const handler = sim?.route(call)
    if (!sim || !handler) return undefined
    const { workspaceId, connection } = call
    const { state } = parts.account(workspaceId, connection)
    const env = { nowMs: clock.now(), ids: parts.ids }
    const verdict = await authorize(call)
    if (verdict !== 'ok') return sim.errors.unauthorized(verdict, env)
    const early = await sim.prepare?.(call, env)
    if (early) return early
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
        rates: parts.rates,
      })
    // Reads need no write lock (BEGIN IMMEDIATE); a change is one transaction, webhooks included.
    const answer = call.method === 'GET' ? run() : inTransaction(db, run)
    parts.send(workspaceId, connection.provider, samples, call.origin, {
      connection_id: connection.id,
      tenant_id: connection.tenant_id,
    })
    return answer
  }

  return { answerer, faultAnswerer, timing }
}
