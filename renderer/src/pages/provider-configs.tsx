import { useMemo, useState } from 'react'
import { ConfirmMutationDialog } from '../components/confirm-mutation-dialog'
import { columnsFor, DataTable } from '../components/data-table'
import { SelectFilter, TextFilter } from '../components/filter-controls'
import { Icon } from '../components/icons'
import { PagedList, rowsOf } from '../components/list-footer'
import { ProviderConfigDialog } from '../components/provider-config-dialog'
import { Badge, EmptyState, Mono, PageHeader, Time } from '../components/ui'
import { type Schemas, unwrap } from '../lib/api'
import { buildFilter, clean } from '../lib/filters'
import { useApiMutation, useSearchList } from '../lib/queries'
import { setParam, useLocation } from '../lib/router'
import { useSession } from '../lib/session'

type ProviderConfig = Schemas['ProviderConfig']

const col = columnsFor<ProviderConfig>()

export function ProviderConfigsPage() {
  const { api } = useSession()
  const { params } = useLocation()
  const [provider, setProvider] = useState('')
  const [mode, setMode] = useState('')
  const [editing, setEditing] = useState<ProviderConfig | undefined>()
  const [deleting, setDeleting] = useState<ProviderConfig | undefined>()
  const creatingFor = params.get('new')
  const body = useMemo(
    () =>
      buildFilter({
        provider: clean(provider) ? { eq: clean(provider) } : undefined,
        mode: mode ? { eq: mode } : undefined,
      }),
    [provider, mode],
  )
  const list = useSearchList('/api/provider-configs/search', body)
  const remove = useApiMutation(
    async (c: ProviderConfig) =>
      unwrap(await api.DELETE('/api/provider-configs/{id}', { params: { path: { id: c.id } } })),
    ['provider-configs'],
  )
  const rows = rowsOf(list.data)

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Config',
        cell: (c) => (
          <div>
            <button type="button" className="link-button" onClick={() => setEditing(c.row.original)}>
              {c.getValue()}
            </button>
            <div>
              <code className="mono muted small">{c.row.original.id}</code>
            </div>
          </div>
        ),
      }),
      col.accessor('provider', {
        header: 'Provider',
        cell: (c) => <span className="strong">{c.getValue()}</span>,
      }),
      col.accessor('mode', {
        header: 'Mode',
        cell: (c) => (
          <Badge tone={c.getValue() === 'real' ? 'accent' : 'neutral'}>
            {c.getValue() === 'real' ? 'real OAuth' : 'simulated'}
          </Badge>
        ),
      }),
      col.accessor('client_id', {
        header: 'Client id',
        cell: (c) => (c.getValue() ? <Mono>{c.getValue()}</Mono> : <span className="muted">—</span>),
      }),
      col.display({
        id: 'secrets',
        header: 'Secrets',
        cell: (c) =>
          c.row.original.client_secret_set || c.row.original.webhook_secret_set ? (
            <span className="row">
              {c.row.original.client_secret_set && <Badge tone="success">client secret</Badge>}
              {c.row.original.webhook_secret_set && <Badge tone="success">webhook secret</Badge>}
            </span>
          ) : (
            <span className="muted">none</span>
          ),
      }),
      col.accessor('updated_at', { header: 'Updated', cell: (c) => <Time iso={c.getValue()} /> }),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: (c) => (
          <div className="cell-actions">
            <button
              type="button"
              className="icon-button"
              onClick={() => setDeleting(c.row.original)}
              aria-label={`Delete ${c.row.original.name}`}
              title="Delete"
            >
              <Icon name="trash" />
            </button>
          </div>
        ),
      }),
    ],
    [],
  )

  return (
    <>
      <PageHeader
        title="Provider configs"
        description="A workspace's settings for one provider. With a client id and secret, connect flows run real OAuth against the provider; without them, the simulator answers. A webhook secret turns on signature checks."
        actions={
          <button type="button" className="button button-primary" onClick={() => setParam('new', '_')}>
            <Icon name="plus" /> New config
          </button>
        }
      />
      <section className="card" aria-label="Provider configs">
        <search className="toolbar">
          <TextFilter
            id="pc-provider"
            label="Provider"
            placeholder="Any provider"
            value={provider}
            onChange={setProvider}
          />
          <SelectFilter
            id="pc-mode"
            label="Mode"
            value={mode}
            onChange={setMode}
            options={[
              ['', 'Any mode'],
              ['real', 'Real OAuth'],
              ['simulated', 'Simulated'],
            ]}
          />
        </search>
        <PagedList
          list={list}
          noun="configs"
          errorTitle="Could not load provider configs"
          empty={
            <EmptyState
              icon="sliders"
              title={provider || mode ? 'No config matches these filters' : 'No provider configs yet'}
              action={
                <button type="button" className="button button-primary" onClick={() => setParam('new', '_')}>
                  <Icon name="plus" /> New config
                </button>
              }
            >
              You do not need one to start: connect flows use the simulator by default. Add a config to use
              real client credentials or to verify webhook signatures.
            </EmptyState>
          }
        >
          <DataTable
            caption="Provider configs"
            columns={columns}
            data={rows}
            getRowId={(c) => c.id}
            onRowClick={setEditing}
          />
        </PagedList>
      </section>
      {(editing || creatingFor) && (
        <ProviderConfigDialog
          existing={editing}
          provider={creatingFor && creatingFor !== '_' ? creatingFor : undefined}
          onClose={() => {
            setEditing(undefined)
            if (creatingFor) setParam('new', undefined, { replace: true })
          }}
        />
      )}
      <ConfirmMutationDialog
        open={deleting !== undefined}
        title={`Delete “${deleting?.name ?? ''}”?`}
        body={
          <p>
            Its client credentials and webhook secret are deleted. Connect flows for {deleting?.provider} fall
            back to the simulator.
          </p>
        }
        confirmLabel="Delete config"
        mutation={remove}
        variables={deleting!}
        done="Provider config deleted"
        errorTitle="Could not delete"
        onClose={() => setDeleting(undefined)}
      />
    </>
  )
}
