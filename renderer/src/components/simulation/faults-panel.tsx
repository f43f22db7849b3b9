import { useState } from 'react'
import { type Schemas, unwrap } from '../../lib/api'
import { useApiMutation } from '../../lib/queries'
import { useSession } from '../../lib/session'
import { ConfirmMutationDialog } from '../confirm-mutation-dialog'
import { Icon } from '../icons'
import { Badge, Time } from '../ui'
import { FaultForm } from './fault-form'

type Fault = Schemas['Fault']

/** What is left of a fault: token faults apply at once; counted ones cover the next calls. */
const remainingOf = (f: Fault) =>
  f.count === null ? 'applied' : f.remaining === 0 ? 'used up' : `${f.remaining} of ${f.count} calls`

const parametersOf = (f: Fault) =>
  [f.status !== null && `status ${f.status}`, f.ms !== null && `${f.ms} ms`].filter(Boolean).join(', ') || '—'

function FaultTable({ faults }: { faults: Fault[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <caption className="table-caption">Faults since the last clear</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Remaining</th>
            <th scope="col">Parameters</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody>
          {faults.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                No faults: calls are answered normally.
              </td>
            </tr>
          ) : (
            faults.map((f) => (
              <tr key={f.id}>
                <td>
                  <Badge tone={f.remaining > 0 ? 'warning' : 'neutral'}>{f.kind}</Badge>
                </td>
                <td>{remainingOf(f)}</td>
                <td>{parametersOf(f)}</td>
                <td>
                  <Time iso={f.created_at} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The connection's faults: what is pending, a form to add one, and "Clear faults" (asks first). */
export function FaultsPanel(props: {
  connectionId: string
  faults: Fault[]
  onRefresh: () => void
  refreshing: boolean
}) {
  const { api } = useSession()
  const [confirming, setConfirming] = useState(false)
  const clear = useApiMutation(
    async () =>
      unwrap(
        await api.DELETE('/api/connections/{id}/faults', { params: { path: { id: props.connectionId } } }),
      ),
    ['simulation', 'events'],
  )
  return (
    <section className="section stack" aria-labelledby="faults-title">
      <div className="sim-header">
        <h3 id="faults-title">Faults</h3>
        <div className="row">
          <button
            type="button"
            className="button button-small"
            onClick={props.onRefresh}
            disabled={props.refreshing}
          >
            <Icon name="refresh" /> Refresh faults
          </button>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => setConfirming(true)}
            disabled={props.faults.length === 0}
          >
            <Icon name="trash" /> Clear faults
          </button>
        </div>
      </div>
      <p className="muted small">
        Make the simulated provider misbehave on purpose, to see how the app copes. Faults added from the CLI
        (<code>switchyard faults add</code>) show after a refresh.
      </p>
      <FaultTable faults={props.faults} />
      <FaultForm connectionId={props.connectionId} />
      <ConfirmMutationDialog
        open={confirming}
        title="Clear all faults?"
        body={
          <p>
            Pending rate limits, errors and delays stop at once. Tokens that an expire or revoke fault already
            ended stay ended: refresh the tokens or re-authorize.
          </p>
        }
        confirmLabel="Clear faults"
        mutation={clear}
        variables={undefined}
        done="Faults cleared"
        errorTitle="Could not clear the faults"
        onClose={() => setConfirming(false)}
      />
    </section>
  )
}
