import { type Clock, isoAt } from '../../common/clock.js'
import type { Connection } from '../../connections/connections.schema.js'
import type { ConnectionsService } from '../../connections/connections.service.js'
import { AppError } from '../../errors.js'
import type { Sample } from '../../triggers/samples/sample.js'
import type { SimulationIds } from '../kit/ids.js'
import type { AccountObjects, ProviderSimulation } from '../kit/provider-kit.js'
import { createRateCounts, type RateCounts } from '../kit/rate-limit.js'
import type { Fault } from './faults.schema.js'
import type { WebhookAttribution } from './outbox.js'
import type { SimulationRepo } from './simulation.repo.js'

/** What the simulation's parts (answerer, faults, seed, view) share: accounts, objects, the outbox. */
export interface EngineParts {
  clock: Clock
  repo: SimulationRepo
  ids: SimulationIds
  /** The simulated rate-limit counts, one set per core. */
  rates: RateCounts
  simulationOf(provider: string): ProviderSimulation<unknown> | undefined
  /** The account of a connection, made (with its provider's initial state) on first use. */
  account(workspaceId: string, connection: Connection): { state: unknown; faults: Fault[] }
  objectsOf(workspaceId: string, connectionId: string): AccountObjects
  /** The connection, if simulated; else a 409 saying `rule`. */
  simulatedConnection(workspaceId: string, connectionId: string, rule?: string): Connection
  /** Queues webhooks to be captured after the answer, in order. */
  /** Queues webhooks; `attribution` names the simulated connection and tenant they belong to. */
  send(
    workspaceId: string,
    provider: string,
    samples: Sample[],
    origin: string,
    attribution?: WebhookAttribution,
  ): void
}

export function createEngineParts(deps: {
  clock: Clock
  repo: SimulationRepo
  ids: SimulationIds
  connections: ConnectionsService
  simulations: readonly ProviderSimulation[]
  send: EngineParts['send']
}): EngineParts {
  const { clock, repo, connections } = deps
  const byProvider = new Map(
    deps.simulations.flatMap((s) =>
      [s.provider, ...(s.aliases ?? [])].map((id) => [id, s as ProviderSimulation<unknown>] as const),
    ),
  )
  const simulationOf = (provider: string) => byProvider.get(provider)
  return {
    clock,
    repo,
    ids: deps.ids,
    rates: createRateCounts(),
    simulationOf,
    send: deps.send,
    account(workspaceId, connection) {
      const found = repo.account(workspaceId, connection.id)
      if (found)
        return { state: JSON.parse(found.state) as unknown, faults: JSON.parse(found.faults) as Fault[] }
      const sim = simulationOf(connection.provider)
      const state = sim ? sim.initialState(connection, clock.now()) : {}
      repo.createAccount(
        workspaceId,
        connection.id,
        connection.provider,
        JSON.stringify(state),
        isoAt(clock.now()),
      )
      return { state, faults: [] as Fault[] }
    },
    objectsOf: (workspaceId, connectionId) => ({
      get: (kind, scope, num) => repo.get(workspaceId, connectionId, kind, scope, num),
      put(kind, scope, num, value, tag = null) {
        const text = JSON.stringify(value)
        repo.put(workspaceId, connectionId, kind, scope, num, tag, text)
        return text
      },
      page: (kind, scope, tag, limit, offset, order) =>
        repo.page(workspaceId, connectionId, kind, scope, tag, limit, offset, order),
    }),
    simulatedConnection(
      workspaceId,
      connectionId,
      rule = 'faults apply only to simulated connections (their answers come from the built-in simulation)',
    ) {
      const connection = connections.get(workspaceId, connectionId)
      if (connection.mode !== 'simulated') {
        throw new AppError('conflict', `Connection '${connectionId}' is a real connection; ${rule}.`)
      }
      return connection
    },
  }
}
