import type { Fault } from './faults.schema.js'
import type { EngineParts } from './shared.js'
import type { SimulationView } from './simulation-view.schema.js'

/**
 * What the dashboard shows of a simulated connection: the account's data and example calls
 * from its provider's simulation (none when there is no built-in one), and its faults. Reads
 * only: an account nobody has called yet is shown as it would start.
 */
export function createView(parts: EngineParts) {
  return function view(workspaceId: string, connectionId: string): SimulationView {
    const connection = parts.simulatedConnection(
      workspaceId,
      connectionId,
      'only a simulated connection has a simulated account to show (a real one keeps its data at the provider)',
    )
    const found = parts.repo.account(workspaceId, connection.id)
    const faults = found ? (JSON.parse(found.faults) as Fault[]) : []
    const sim = parts.simulationOf(connection.provider)
    const base = { provider: connection.provider, simulated: true as const, faults }
    if (!sim) return { ...base, sections: [], example_calls: [] }
    const state: unknown = found ? JSON.parse(found.state) : sim.initialState(connection, parts.clock.now())
    const objects = parts.objectsOf(workspaceId, connection.id)
    return {
      ...base,
      sections: sim.accountView?.(objects, state) ?? [],
      example_calls: [...(sim.exampleCallsFor?.(objects, state) ?? sim.exampleCalls ?? [])],
    }
  }
}
