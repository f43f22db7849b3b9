import { setTimeout as sleep } from 'node:timers/promises'
import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import type { Connection } from '../connections/connections.schema.js'
import type { ConnectionsService } from '../connections/connections.service.js'
import type { CredentialsService } from '../connections/credentials.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import type { ProxyAnswer, ProxyCall } from '../proxy/answerers.js'
import type { Sample } from '../triggers/samples/sample.js'
import type { Fault, FaultInput } from './faults.schema.js'
import type { AccountObjects, ProviderSimulation, SimulationContext } from './provider-simulation.js'
import type { SimulationRepo } from './simulation.repo.js'
import type { SimulationView } from './simulation-view.schema.js'
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
 * The built-in provider simulation: an answerer for simulated connections (in front of the
 * recordings) that applies the token rule, then lets the provider's
 * simulation answer from its per-connection state in SQLite; and the faults API behind
 * `/api/connections/{id}/faults`. Webhooks the simulation emits go out through the capture path
 * (signed like the provider signs them) after the call has answered, in order.
 */
export function createSimulation(deps: {
  db: Db
  clock: Clock
  ids: Ids
  repo: SimulationRepo
  ledger: TokenLedger
  connections: ConnectionsService
  credentials: CredentialsService
  events: EventsService
  /**
   * Signs a provider webhook and captures it as a real delivery would be (the triggers' send path),
   * as posted to the capture URL on `host` (the gateway's, which URI-signing schemes sign).
   */
  deliver: (workspaceId: string, provider: string, sample: Sample, host: string) => Promise<unknown>
  simulations: readonly ProviderSimulation[]
}) {
  const { db, clock, ids, repo, ledger, connections, credentials, events } = deps
  const byProvider = new Map(deps.simulations.map((s) => [s.provider, s as ProviderSimulation<unknown>]))

  // One queue for the whole process: webhooks leave in the order their calls changed state. Each
  // batch waits a macrotask, so the call's answer is on its way first.
  let outbox: Promise<void> = Promise.resolve()
  let closed = false
  const send = (workspaceId: string, provider: string, samples: Sample[], origin: string) => {
    const host = new URL(origin).host
    if (samples.length === 0 || closed) return
    outbox = outbox
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        for (const sample of samples) {
          try {
            await deps.deliver(workspaceId, provider, sample, host)
          } catch {
            // The workspace or provider went away (reset) between the call and its webhook.
          }
        }
      })
  }

  const account = (workspaceId: string, connection: Connection) => {
    const found = repo.account(workspaceId, connection.id)
    if (found)
      return { state: JSON.parse(found.state) as unknown, faults: JSON.parse(found.faults) as Fault[] }
    const sim = byProvider.get(connection.provider)
    const state = sim ? sim.initialState(connection, clock.now()) : {}
    repo.createAccount(
      workspaceId,
      connection.id,
      connection.provider,
      JSON.stringify(state),
      isoAt(clock.now()),
    )
    return { state, faults: [] as Fault[] }
  }

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

  const objectsOf = (workspaceId: string, connectionId: string): AccountObjects => ({
    get: (kind, scope, num) => repo.get(workspaceId, connectionId, kind, scope, num),
    put(kind, scope, num, value, tag = null) {
      const text = JSON.stringify(value)
      repo.put(workspaceId, connectionId, kind, scope, num, tag, text)
      return text
    },
    page: (kind, scope, tag, limit, offset, order) =>
      repo.page(workspaceId, connectionId, kind, scope, tag, limit, offset, order),
  })

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
    const sim = byProvider.get(connection.provider)
    const { faults } = account(workspaceId, connection)
    const latency = take(workspaceId, connection.id, faults, 'latency')
    if (latency?.ms) await timing.delay(latency.ms)
    const failure = take(workspaceId, connection.id, faults, 'server_error')
    if (failure) return sim ? sim.serverError(failure.status ?? 500) : plainFault(failure.status ?? 500)
    if (take(workspaceId, connection.id, faults, 'rate_limit')) {
      return sim ? sim.rateLimited(clock.now()) : plainFault(429)
    }
    return undefined
  }

  const answerer = async (call: ProxyCall): Promise<ProxyAnswer | undefined> => {
    if (call.connection.mode !== 'simulated') return undefined
    const sim = byProvider.get(call.connection.provider)
    const handler = sim?.route(call)
    if (!sim || !handler) return undefined
    const { workspaceId, connection } = call
    const { state } = account(workspaceId, connection)
    const verdict = await authorize(call)
    if (verdict !== 'ok') return sim.unauthorized(verdict)
    const samples: Sample[] = []
    const run = () => {
      const ctx: SimulationContext<unknown> = {
        call,
        nowMs: clock.now(),
        scopes: connection.scopes,
        // Read before the awaits above; a concurrent call may have changed it since.
        state: call.method === 'GET' ? state : account(workspaceId, connection).state,
        saveState: (state) => repo.saveState(workspaceId, connection.id, JSON.stringify(state)),
        objects: objectsOf(workspaceId, connection.id),
        emit: (sample) => samples.push(sample),
      }
      return handler(ctx)
    }
    // Reads need no write lock (BEGIN IMMEDIATE); a change is one transaction, webhooks included.
    const answer = call.method === 'GET' ? run() : inTransaction(db, run)
    send(workspaceId, connection.provider, samples, call.origin)
    return answer
  }

  const simulatedConnection = (
    workspaceId: string,
    connectionId: string,
    rule = 'faults apply only to simulated connections (their answers come from the built-in simulation)',
  ) => {
    const connection = connections.get(workspaceId, connectionId)
    if (connection.mode !== 'simulated') {
      throw new AppError('conflict', `Connection '${connectionId}' is a real connection; ${rule}.`)
    }
    return connection
  }

  const emitFaultEvent = (
    workspaceId: string,
    connection: Connection,
    type: string,
    data: Record<string, unknown>,
  ) =>
    events.emit(workspaceId, {
      type,
      provider: connection.provider,
      tenant_id: connection.tenant_id,
      connection_id: connection.id,
      data,
    })

  return {
    /** Registered in front of the recordings (see core.ts). */
    answerer,
    /** Applied by the proxy around every answer to a simulated call (see core.ts). */
    faultAnswerer,
    /** Takes no more webhooks and resolves once those already queued have been captured. */
    close(): Promise<void> {
      closed = true
      return outbox
    },

    /** The tokens the simulator issued (the token rule). */
    ledger,

    /** How latency faults wait. */
    timing,

    /** Waits until every webhook queued so far has been captured (tests, shutdown). */
    settled: (): Promise<void> => outbox,

    /** The simulation of a provider, when there is one built in. */
    simulationOf: (provider: string) => byProvider.get(provider),

    /**
     * Fills a simulated connection's account by running API requests through its provider's
     * simulation, as the connection's own calls would (same validation, same objects), without the
     * token rule or faults. For `seed demo` and fixtures. Webhooks are sent only when asked.
     * Returns each answer's status and parsed body; stops at the first refusal (one transaction).
     */
    seed(
      workspaceId: string,
      connectionId: string,
      requests: ReadonlyArray<{ method: string; path: string; body?: unknown }>,
      options: { webhooks?: boolean; origin?: string } = {},
    ): Array<{ status: number; body: unknown }> {
      const connection = simulatedConnection(workspaceId, connectionId)
      const sim = byProvider.get(connection.provider)
      if (!sim) throw new AppError('conflict', `There is no built-in simulation of '${connection.provider}'.`)
      const samples: Sample[] = []
      const results = inTransaction(db, () =>
        requests.map(({ method, path, body }) => {
          const [pathname, query = ''] = path.split('?') as [string, string?]
          const call: ProxyCall = {
            workspaceId,
            connection,
            method: method.toUpperCase(),
            path: pathname,
            query,
            headers: [['content-type', 'application/json']],
            body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
            origin: options.origin ?? 'http://127.0.0.1:4747',
          }
          const handler = sim.route(call)
          if (!handler)
            throw new AppError(
              'invalid_request',
              `The ${connection.provider} simulation does not answer ${method} ${pathname}.`,
            )
          const answer = handler({
            call,
            nowMs: clock.now(),
            // The account's owner acts with every scope when it is being filled.
            scopes: [...connection.scopes, ...(sim.ownerScopes ?? [])],
            state: account(workspaceId, connection).state,
            saveState: (state) => repo.saveState(workspaceId, connection.id, JSON.stringify(state)),
            objects: objectsOf(workspaceId, connection.id),
            emit: (sample) => samples.push(sample),
          })
          const text = answer.body instanceof Uint8Array ? Buffer.from(answer.body).toString('utf8') : ''
          const parsed: unknown = text ? JSON.parse(text) : null
          if (sim.refused ? sim.refused(answer.status, parsed) : answer.status >= 400) {
            throw new AppError(
              'invalid_request',
              `${method} ${pathname} was answered ${answer.status}: ${text.slice(0, 300)}`,
            )
          }
          return { status: answer.status, body: parsed }
        }),
      )
      if (options.webhooks)
        send(workspaceId, connection.provider, samples, options.origin ?? 'http://127.0.0.1:4747')
      return results
    },

    /**
     * What the dashboard shows of a simulated connection: the account's data and example calls
     * from its provider's simulation (none when there is no built-in one), and its faults. Reads
     * only: an account nobody has called yet is shown as it would start.
     */
    view(workspaceId: string, connectionId: string): SimulationView {
      const connection = simulatedConnection(
        workspaceId,
        connectionId,
        'only a simulated connection has a simulated account to show (a real one keeps its data at the provider)',
      )
      const found = repo.account(workspaceId, connection.id)
      const faults = found ? (JSON.parse(found.faults) as Fault[]) : []
      const sim = byProvider.get(connection.provider)
      const base = { provider: connection.provider, simulated: true as const, faults }
      if (!sim) return { ...base, sections: [], example_calls: [] }
      const state: unknown = found ? JSON.parse(found.state) : sim.initialState(connection, clock.now())
      const objects = objectsOf(workspaceId, connection.id)
      return {
        ...base,
        sections: sim.accountView?.(objects, state) ?? [],
        example_calls: [...(sim.exampleCallsFor?.(objects, state) ?? sim.exampleCalls ?? [])],
      }
    },

    faults: {
      list(workspaceId: string, connectionId: string): Fault[] {
        const connection = simulatedConnection(workspaceId, connectionId)
        return account(workspaceId, connection).faults
      },

      add(workspaceId: string, connectionId: string, input: FaultInput): Fault {
        return inTransaction(db, () => {
          const connection = simulatedConnection(workspaceId, connectionId)
          const { faults } = account(workspaceId, connection)
          const counted = 'count' in input ? input.count : null
          const fault: Fault = {
            id: ids.next('flt'),
            kind: input.kind,
            count: counted,
            remaining: counted ?? 0,
            status: input.kind === 'server_error' ? input.status : null,
            ms: input.kind === 'latency' ? input.ms : null,
            created_at: isoAt(clock.now()),
          }
          if (input.kind === 'expire_token' || input.kind === 'revoke_access') {
            ledger.claim(
              workspaceId,
              connectionId,
              connections.secrets(workspaceId, connectionId).access_token,
            )
            if (input.kind === 'expire_token') ledger.expire(workspaceId, connectionId)
            else ledger.revoke(workspaceId, connectionId)
          }
          faults.push(fault)
          repo.saveFaults(workspaceId, connectionId, JSON.stringify(faults))
          emitFaultEvent(workspaceId, connection, 'connection.fault_injected', { fault })
          return fault
        })
      },

      /** Clears pending faults (token faults already applied stay applied: a refresh or reconnect repairs them). */
      clear(workspaceId: string, connectionId: string): void {
        inTransaction(db, () => {
          const connection = simulatedConnection(workspaceId, connectionId)
          const { faults } = account(workspaceId, connection)
          repo.saveFaults(workspaceId, connectionId, '[]')
          emitFaultEvent(workspaceId, connection, 'connection.fault_cleared', { cleared: faults.length })
        })
      },
    },
  }
}
export type Simulation = ReturnType<typeof createSimulation>
