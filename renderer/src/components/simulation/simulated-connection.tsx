import { ApiPanel } from '../api-panel'
import { Icon } from '../icons'
import { QueryStates } from '../ui'
import { AccountTables } from './account-tables'
import { FaultsPanel } from './faults-panel'
import './simulation.css'
import { useAfterCall, useSimulation } from './use-simulation'

/**
 * The connection detail of a simulated connection: the simulated account's data, the API panel
 * with the provider's example calls, and the faults. The page has no live events, so the account
 * reloads after each call from the API panel and on "Refresh" (for calls and faults from elsewhere).
 */
export function SimulatedConnection({ connectionId, active }: { connectionId: string; active: boolean }) {
  const view = useSimulation(connectionId)
  const afterCall = useAfterCall()
  const refresh = () => void view.refetch()
  return (
    <QueryStates query={view} errorTitle="Could not load the simulated account">
      {view.data && (
        <>
          <section className="section stack" aria-labelledby="sim-account-title">
            <div className="sim-header">
              <h3 id="sim-account-title">Simulated account</h3>
              <button
                type="button"
                className="button button-small"
                onClick={refresh}
                disabled={view.isFetching}
              >
                <Icon name="refresh" /> Refresh account
              </button>
            </div>
            <AccountTables sections={view.data.sections} />
          </section>
          {active && (
            <ApiPanel connectionId={connectionId} examples={view.data.example_calls} onAnswer={afterCall} />
          )}
          <FaultsPanel
            connectionId={connectionId}
            faults={view.data.faults}
            onRefresh={refresh}
            refreshing={view.isFetching}
          />
        </>
      )}
    </QueryStates>
  )
}
