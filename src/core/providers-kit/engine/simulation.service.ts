import type { Clock } from '../../common/clock.js'
import type { Ids } from '../../common/ids.js'
import type { ConnectionsService } from '../../connections/connections.service.js'
import type { CredentialsService } from '../../connections/credentials.js'
import type { Db } from '../../db/open.js'
import type { EventsService } from '../../events/events.service.js'
import { randomSimulationIds, type SimulationIds } from '../kit/ids.js'
import type { ProviderSimulation } from '../kit/provider-kit.js'
import { createSimulationAnswerer } from './answerer.js'
import { createFaults } from './faults.js'
import { createOutbox, type DeliverWebhook } from './outbox.js'
import { createSeeder } from './seed.js'
import { createEngineParts } from './shared.js'
import type { SimulationRepo } from './simulation.repo.js'
import type { TokenLedger } from './token-ledger.js'
import { createView } from './view.js'

/**
 * The built-in provider simulation: an answerer for simulated connections (in front of the
 * recordings) that applies the token rule and the connection's faults, then lets the provider's
 * simulation answer from its per-connection state in SQLite; the faults API behind
 * `/api/connections/{id}/faults`; the seed and the dashboard's view. Webhooks the simulation emits
 * go out through the capture path (signed like the provider signs them) after the call has
 * answered, in order.
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
  deliver: DeliverWebhook
  simulations: readonly ProviderSimulation[]
  /** Random values in simulated answers and webhooks (defaults to crypto's). */
  simulationIds?: SimulationIds
}) {
  const outbox = createOutbox(deps.deliver)
  const parts = createEngineParts({
    clock: deps.clock,
    repo: deps.repo,
    ids: deps.simulationIds ?? randomSimulationIds,
    connections: deps.connections,
    simulations: deps.simulations,
    send: outbox.send,
  })
  const { answerer, faultAnswerer, timing } = createSimulationAnswerer(parts, deps)

  return {
    /** Registered in front of the recordings (see core.ts). */
    answerer,
    /** Applied by the proxy around every answer to a simulated call (see core.ts). */
    faultAnswerer,
    /** Queues webhooks in the simulation's order (a document's simulation sends its own here too). */
    send: outbox.send,
    /** Takes no more webhooks and resolves once those already queued have been captured. */
    close: outbox.close,
    /** The tokens the simulator issued (the token rule). */
    ledger: deps.ledger,
    /** How latency faults wait. */
    timing,
    /** Waits until every webhook queued so far has been captured (tests, shutdown). */
    settled: outbox.settled,
    /** The simulated rate-limit counts of this core (tests spend a budget through them). */
    rates: parts.rates,
    /** The simulation of a provider, when there is one built in. */
    simulationOf: parts.simulationOf,
    seed: createSeeder(parts, deps.db),
    view: createView(parts),
    faults: createFaults(parts, deps),
  }
}
export type Simulation = ReturnType<typeof createSimulation>
