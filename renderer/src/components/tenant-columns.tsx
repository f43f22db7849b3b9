import { setParam } from '../lib/router'
import { columnsFor } from './data-table'
import { Badge, Mono, StatusBadge, Time } from './ui'

interface TenantResource {
  id: string
  provider: string
  tenant_id: string
  status: string
  mode: string
  created_at: string
}

/** The columns connections and installations share; the id opens the detail drawer. */
export function tenantResourceColumns<T extends TenantResource>(labels: { id: string; created: string }) {
  const col = columnsFor<T>()
  return [
    col.accessor((row) => row.id, {
      id: 'id',
      header: labels.id,
      cell: (c) => (
        <button type="button" className="link-button mono" onClick={() => setParam('id', c.getValue())}>
          {c.getValue()}
        </button>
      ),
    }),
    col.accessor((row) => row.provider, {
      id: 'provider',
      header: 'Provider',
      cell: (c) => <span className="strong">{c.getValue()}</span>,
    }),
    col.accessor((row) => row.tenant_id, {
      id: 'tenant_id',
      header: 'Tenant',
      cell: (c) => <Mono>{c.getValue()}</Mono>,
    }),
    col.accessor((row) => row.status, {
      id: 'status',
      header: 'Status',
      cell: (c) => <StatusBadge value={c.getValue()} />,
    }),
    col.accessor((row) => row.mode, {
      id: 'mode',
      header: 'Mode',
      cell: (c) => <Badge tone={c.getValue() === 'real' ? 'accent' : 'neutral'}>{c.getValue()}</Badge>,
    }),
    col.accessor((row) => row.created_at, {
      id: 'created_at',
      header: labels.created,
      cell: (c) => <Time iso={c.getValue()} />,
    }),
  ]
}
