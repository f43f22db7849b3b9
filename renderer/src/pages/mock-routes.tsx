import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmMutationDialog } from '../components/confirm-mutation-dialog'
import { Icon } from '../components/icons'
import { type MockRoute, MockRouteForm } from '../components/mock-route-form'
import { useToast } from '../components/toast'
import { Badge, EmptyState, Mono, PageHeader, QueryStates } from '../components/ui'
import { errorDetail, unwrap } from '../lib/api'
import { useApiMutation, useKey } from '../lib/queries'
import { useSession } from '../lib/session'

/** Mock routes: declarative answers for a provider's API, asked before the simulation and recordings. */
export function MockRoutesPage() {
  const { api } = useSession()
  const key = useKey()
  const notify = useToast()
  const [editing, setEditing] = useState<MockRoute | undefined>()
  const [deleting, setDeleting] = useState<MockRoute | undefined>()
  const list = useQuery({
    queryKey: key('mock-routes'),
    queryFn: async () => unwrap(await api.GET('/api/mock-routes')).data,
  })
  const toggle = useApiMutation(
    async (r: MockRoute) =>
      unwrap(
        await api.PATCH('/api/mock-routes/{id}', {
          params: { path: { id: r.id } },
          body: { enabled: !r.enabled },
        }),
      ),
    ['mock-routes'],
  )
  const remove = useApiMutation(
    async (r: MockRoute) =>
      unwrap(await api.DELETE('/api/mock-routes/{id}', { params: { path: { id: r.id } } })),
    ['mock-routes'],
  )
  const rows = list.data ?? []
  return (
    <>
      <PageHeader
        title="Mock routes"
        description={
          <>
            Declarative answers for a provider's API. A simulated connection's call is answered by a matching
            mock route first, then the built-in simulation, then recordings; the answer says{' '}
            <code>Switchyard-Proxy-Mode: mock</code>.
          </>
        }
      />
      <MockRouteForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
      <section className="card" aria-labelledby="mock-list-title">
        <div className="card-header">
          <h2 id="mock-list-title">Routes</h2>
        </div>
        <div className="card-body">
          <QueryStates
            query={list}
            errorTitle="Could not load mock routes"
            isEmpty={rows.length === 0}
            empty={
              <EmptyState icon="terminal" title="No mock routes yet">
                Add one above, or with <code>switchyard mocks add PROVIDER METHOD PATH</code>.
              </EmptyState>
            }
          >
            <ul className="plain-list" aria-label="Mock routes">
              {rows.map((r) => {
                const name = `${r.provider} ${r.method} ${r.path}`
                return (
                  <li key={r.id}>
                    <div className="stack" style={{ gap: 6, flex: 1, minWidth: 0 }}>
                      <div className="row">
                        <Badge>{r.provider}</Badge>
                        <Mono>
                          {r.method} {r.path}
                        </Mono>
                        <span className="small muted">→ {r.status}</span>
                        {!r.enabled && <Badge tone="warning">disabled</Badge>}
                      </div>
                      {r.description && <p className="small muted">{r.description}</p>}
                    </div>
                    <div className="row">
                      <label className="row small">
                        <input
                          type="checkbox"
                          checked={r.enabled}
                          aria-label={`Enabled: ${name}`}
                          onChange={() =>
                            toggle.mutate(r, {
                              onError: (e) =>
                                notify('Could not change it', { tone: 'error', detail: errorDetail(e) }),
                            })
                          }
                        />
                        Enabled
                      </label>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${name}`}
                        onClick={() => setEditing(r)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Delete ${name}`}
                        onClick={() => setDeleting(r)}
                      >
                        <Icon name="trash" />
                      </button>
                    </div>
                  </li>
                )
              })}
            </ul>
          </QueryStates>
        </div>
      </section>
      <ConfirmMutationDialog
        open={deleting !== undefined}
        title="Delete this mock route?"
        body={
          <p>
            Calls to <code>{deleting ? `${deleting.method} ${deleting.path}` : ''}</code> fall through to the
            simulation or recordings again.
          </p>
        }
        confirmLabel="Delete mock route"
        mutation={remove}
        variables={deleting!}
        done="Mock route deleted"
        errorTitle="Could not delete the mock route"
        onDone={() => {
          if (editing?.id === deleting?.id) setEditing(undefined)
        }}
        onClose={() => setDeleting(undefined)}
      />
    </>
  )
}
