import { useMemo, useState } from 'react'
import { ConnectDialog } from '../components/connect-dialog'
import { DataTable } from '../components/data-table'
import { SelectFilter, TextFilter } from '../components/filter-controls'
import { Icon } from '../components/icons'
import { InstallationDetail } from '../components/installation-detail'
import { PagedList, rowsOf } from '../components/list-footer'
import { tenantResourceColumns } from '../components/tenant-columns'
import { EmptyState, PageHeader } from '../components/ui'
import type { Schemas } from '../lib/api'
import { buildFilter, clean } from '../lib/filters'
import { useFlowReturn } from '../lib/flow-return'
import { useSearchList } from '../lib/queries'
import { setParam, useLocation } from '../lib/router'

type Installation = Schemas['Installation']

const COLUMNS = tenantResourceColumns<Installation>({ id: 'Installation', created: 'Installed' })

export function InstallationsPage() {
  const { params } = useLocation()
  const [status, setStatus] = useState('')
  const [tenant, setTenant] = useState('')
  const [provider, setProvider] = useState('')
  const [installing, setInstalling] = useState(false)
  const selected = params.get('id') ?? undefined

  useFlowReturn('installation_id', { done: 'App installed', failed: 'The install did not complete' })

  const body = useMemo(
    () =>
      buildFilter({
        status: status ? { eq: status } : undefined,
        tenant_id: clean(tenant) ? { eq: clean(tenant) } : undefined,
        provider: clean(provider) ? { eq: clean(provider) } : undefined,
      }),
    [status, tenant, provider],
  )
  const list = useSearchList('/api/installations/search', body, { live: true })
  const rows = rowsOf(list.data)
  const filtered = Boolean(status || tenant || provider)
  return (
    <>
      <PageHeader
        title="Installations"
        description="Apps installed on a tenant's provider account, created when an install session completes."
        actions={
          <button type="button" className="button button-primary" onClick={() => setInstalling(true)}>
            <Icon name="plus" /> Install an app
          </button>
        }
      />
      <section className="card" aria-label="Installations">
        <search className="toolbar">
          <TextFilter
            id="inst-provider"
            label="Provider"
            placeholder="Any provider"
            value={provider}
            onChange={setProvider}
          />
          <TextFilter
            id="inst-tenant"
            label="Tenant"
            placeholder="Any tenant"
            value={tenant}
            onChange={setTenant}
          />
          <SelectFilter
            id="inst-status"
            label="Status"
            value={status}
            onChange={setStatus}
            options={[
              ['', 'Any status'],
              ['active', 'Active'],
              ['revoked', 'Revoked'],
            ]}
          />
        </search>
        <PagedList
          list={list}
          noun="installations"
          errorTitle="Could not load installations"
          empty={
            filtered ? (
              <EmptyState icon="search" title="No installation matches these filters">
                Clear the filters to see every installation.
              </EmptyState>
            ) : (
              <EmptyState
                icon="package"
                title="No installations yet"
                action={
                  <button type="button" className="button button-primary" onClick={() => setInstalling(true)}>
                    <Icon name="plus" /> Install an app
                  </button>
                }
              >
                Run an install session (from here, or from your app with <code>POST /install-sessions</code>)
                and approve it on the simulated provider.
              </EmptyState>
            )
          }
        >
          <DataTable
            caption="Installations"
            columns={COLUMNS}
            data={rows}
            getRowId={(i) => i.id}
            selectedId={selected}
            onRowClick={(i) => setParam('id', i.id)}
          />
        </PagedList>
      </section>
      {installing && <ConnectDialog open kind="install" onClose={() => setInstalling(false)} />}
      {selected && <InstallationDetail id={selected} onClose={() => setParam('id', undefined)} />}
    </>
  )
}
