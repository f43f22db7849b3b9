import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { ConnectDialog } from '../components/connect-dialog'
import { ConnectionDetail } from '../components/connection-detail'
import { DataTable } from '../components/data-table'
import { SelectFilter, TextFilter } from '../components/filter-controls'
import { Icon } from '../components/icons'
import { PagedList, rowsOf } from '../components/list-footer'
import { tenantResourceColumns } from '../components/tenant-columns'
import { EmptyState, PageHeader } from '../components/ui'
import type { Schemas } from '../lib/api'
import { buildFilter, clean, startsWith } from '../lib/filters'
import { useFlowReturn } from '../lib/flow-return'
import { queryKey, useSearchList } from '../lib/queries'
import { setParam, useLocation } from '../lib/router'
import { useSession } from '../lib/session'

type Connection = Schemas['Connection']

const COLUMNS = tenantResourceColumns<Connection>({ id: 'Connection', created: 'Created' })

export function ConnectionsPage() {
  const { params } = useLocation()
  const client = useQueryClient()
  const { workspace } = useSession()
  const [status, setStatus] = useState('')
  const [tenant, setTenant] = useState('')
  const [search, setSearch] = useState('')
  const [connecting, setConnecting] = useState(false)
  const selected = params.get('id') ?? undefined

  useFlowReturn('connection_id', { done: 'Account connected', failed: 'The connect flow did not complete' })

  const body = useMemo(() => {
    const q = clean(search)
    return buildFilter({
      status: status ? { eq: status } : undefined,
      tenant_id: clean(tenant) ? { eq: clean(tenant) } : undefined,
      id: q ? startsWith(q) : undefined,
    })
  }, [status, tenant, search])
  const list = useSearchList('/api/connections/search', body, { live: true })
  const rows = rowsOf(list.data)
  const filtered = Boolean(status || tenant || search)

  return (
    <>
      <PageHeader
        title="Connections"
        description="Each connection is a tenant's authorized link to a provider account. Tokens stay sealed inside the gateway and are never shown."
        actions={
          <>
            <button
              type="button"
              className="button"
              onClick={() => client.invalidateQueries({ queryKey: queryKey(workspace, 'connections') })}
            >
              <Icon name="refresh" /> Reload
            </button>
            <button type="button" className="button button-primary" onClick={() => setConnecting(true)}>
              <Icon name="plus" /> Connect an account
            </button>
          </>
        }
      />
      <section className="card" aria-label="Connections">
        <search className="toolbar">
          <div className="field search-input">
            <label htmlFor="conn-search">Connection id</label>
            <Icon name="search" />
            <input
              id="conn-search"
              className="input"
              type="search"
              placeholder="conn_…"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <TextFilter
            id="conn-tenant"
            label="Tenant"
            placeholder="Any tenant"
            value={tenant}
            onChange={setTenant}
          />
          <SelectFilter
            id="conn-status"
            label="Status"
            value={status}
            onChange={setStatus}
            options={[
              ['', 'Any status'],
              ['active', 'Active'],
              ['needs_reauth', 'Needs re-auth'],
              ['revoked', 'Revoked'],
            ]}
          />
        </search>
        <PagedList
          list={list}
          noun="connections"
          errorTitle="Could not load connections"
          empty={
            filtered ? (
              <EmptyState icon="search" title="No connection matches these filters">
                Clear the filters to see every connection of this workspace.
              </EmptyState>
            ) : (
              <EmptyState
                icon="link"
                title="No connections yet"
                action={
                  <button type="button" className="button button-primary" onClick={() => setConnecting(true)}>
                    <Icon name="plus" /> Connect an account
                  </button>
                }
              >
                Connect a provider account through the simulator — no credentials or internet needed — or
                create an auth session from your app with the publishable key.
              </EmptyState>
            )
          }
        >
          <DataTable
            caption="Connections"
            columns={COLUMNS}
            data={rows}
            getRowId={(c) => c.id}
            selectedId={selected}
            onRowClick={(c) => setParam('id', c.id)}
          />
        </PagedList>
      </section>
      {connecting && <ConnectDialog open onClose={() => setConnecting(false)} />}
      {selected && <ConnectionDetail id={selected} onClose={() => setParam('id', undefined)} />}
    </>
  )
}
