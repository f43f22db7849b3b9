import { useQuery } from '@tanstack/react-query'
import { type ChangeEvent, useMemo, useRef, useState } from 'react'
import { columnsFor, DataTable } from '../components/data-table'
import { download } from '../components/event-tools'
import { SelectFilter, TextFilter } from '../components/filter-controls'
import { Icon } from '../components/icons'
import { PagedList, rowsOf } from '../components/list-footer'
import { RecordingDetail } from '../components/recording-detail'
import { useToast } from '../components/toast'
import { Badge, EmptyState, Mono, PageHeader, Time } from '../components/ui'
import { errorDetail, type Schemas, unwrap } from '../lib/api'
import { buildFilter, clean } from '../lib/filters'
import { formatBytes } from '../lib/format'
import { useApiMutation, useKey, useSearchList } from '../lib/queries'
import { setParam, useLocation } from '../lib/router'
import { useSession } from '../lib/session'

/** Search pages carry every field unless `fields` picks some; this page asks for all of them. */
type Summary = Required<Schemas['RecordingPage']['data'][number]>
type ProxyMode = Schemas['ProxyMode']

const col = columnsFor<Summary>()
const COLUMNS = [
  col.accessor((r) => r.id, {
    id: 'id',
    header: 'Recording',
    cell: (c) => (
      <button type="button" className="link-button mono" onClick={() => setParam('id', c.getValue())}>
        {c.getValue()}
      </button>
    ),
  }),
  col.accessor((r) => r.provider, {
    id: 'provider',
    header: 'Provider',
    cell: (c) => <span className="strong">{c.getValue()}</span>,
  }),
  col.accessor((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`, {
    id: 'request',
    header: 'Request',
    cell: (c) => <Mono>{c.getValue()}</Mono>,
  }),
  col.accessor((r) => r.status, {
    id: 'status',
    header: 'Status',
    cell: (c) => <Badge tone={c.getValue() < 400 ? 'success' : 'danger'}>{c.getValue()}</Badge>,
  }),
  col.accessor((r) => r.response_size, {
    id: 'size',
    header: 'Response',
    cell: (c) => formatBytes(c.getValue()),
  }),
  col.accessor((r) => r.created_at, {
    id: 'created_at',
    header: 'Recorded',
    cell: (c) => <Time iso={c.getValue()} />,
  }),
]

const MODES: ReadonlyArray<readonly [ProxyMode, string]> = [
  ['live', 'Live'],
  ['record', 'Record'],
  ['replay', 'Replay'],
]

/** Each provider config's proxy mode, switchable in place. */
function ProxyModes() {
  const { api } = useSession()
  const key = useKey()
  const notify = useToast()
  const configs = useQuery({
    queryKey: key('provider-configs', 'search', 'proxy-modes'),
    queryFn: async () =>
      unwrap(
        await api.POST('/api/provider-configs/search', {
          body: { limit: 200, sort: [{ field: 'provider' }] },
        }),
      ),
  })
  const update = useApiMutation(
    async ({ id, mode }: { id: string; mode: ProxyMode }) =>
      unwrap(
        await api.PATCH('/api/provider-configs/{id}', {
          params: { path: { id } },
          body: { proxy_mode: mode },
        }),
      ),
    ['provider-configs'],
  )
  const rows = configs.data?.data ?? []
  return (
    <section className="card stack" aria-label="Proxy modes">
      <h2>Proxy mode per provider config</h2>
      <p className="muted">
        <strong>Live</strong> calls the provider; <strong>Record</strong> calls it and saves each exchange
        (credentials redacted); <strong>Replay</strong> answers from recordings only, with no network.
        Simulated connections are always answered offline.
      </p>
      {rows.length === 0 ? (
        <p className="muted">No provider configs yet: create one on the Provider configs page.</p>
      ) : (
        <ul className="stack plain-list">
          {rows.map((cfg) => (
            <li key={cfg.id} className="row">
              <label htmlFor={`mode-${cfg.id}`} className="grow">
                <span className="strong">{cfg.name}</span> <span className="muted small">{cfg.provider}</span>
              </label>
              <select
                id={`mode-${cfg.id}`}
                className="select"
                value={cfg.proxy_mode ?? 'live'}
                disabled={update.isPending}
                onChange={(e) =>
                  update.mutate(
                    { id: cfg.id, mode: e.target.value as ProxyMode },
                    {
                      onSuccess: (c) => notify(`${c.name}: proxy mode ${c.proxy_mode}`),
                      onError: (err) =>
                        notify('Could not change the mode', {
                          tone: 'error',
                          detail: errorDetail(err),
                        }),
                    },
                  )
                }
              >
                {MODES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Recordings of proxied calls: list, filter, inspect, delete; cassettes out and in; proxy modes. */
export function RecordingsPage() {
  const { params } = useLocation()
  const { api } = useSession()
  const notify = useToast()
  const [provider, setProvider] = useState('')
  const [method, setMethod] = useState('')
  const [path, setPath] = useState('')
  const [status, setStatus] = useState('')
  const file = useRef<HTMLInputElement>(null)
  const selected = params.get('id') ?? undefined

  const body = useMemo(
    () =>
      buildFilter({
        provider: clean(provider) ? { eq: clean(provider) } : undefined,
        method: method ? { eq: method } : undefined,
        path: clean(path) ? { eq: clean(path) } : undefined,
        status: /^\d{3}$/.test(status.trim()) ? { eq: Number(status.trim()) } : undefined,
      }),
    [provider, method, path, status],
  )
  const list = useSearchList('/api/recordings/search', body, { live: true })
  const rows = rowsOf(list.data)
  const filtered = Boolean(provider || method || path || status)

  const importCassette = useApiMutation(
    async (cassette: Schemas['Cassette']) =>
      unwrap(await api.POST('/api/recordings/import', { body: cassette })),
    ['recordings'],
  )
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0]
    e.target.value = ''
    if (!chosen) return
    let cassette: Schemas['Cassette']
    try {
      cassette = JSON.parse(await chosen.text()) as Schemas['Cassette']
    } catch {
      notify('Not a cassette', { tone: 'error', detail: `${chosen.name} is not JSON.` })
      return
    }
    importCassette.mutate(cassette, {
      onSuccess: (r) =>
        notify('Cassette imported', { detail: `${r.imported} added, ${r.skipped} already there.` }),
      onError: (err) =>
        notify('Could not import', {
          tone: 'error',
          detail: errorDetail(err),
        }),
    })
  }
  const exportCassette = async () => {
    const only = clean(provider)
    const res = await api.GET('/api/recordings/export', {
      params: { query: only ? { provider: only } : {} },
      parseAs: 'stream',
    })
    if (!res.response.ok) {
      notify('Could not export', { tone: 'error', detail: `HTTP ${res.response.status}` })
      return
    }
    await download(res, `${only ?? 'recordings'}.cassette.json`)
  }

  return (
    <>
      <PageHeader
        title="Recordings"
        description="Exchanges the proxy recorded in record mode (or imported from cassettes), which replay answers with."
        actions={
          <>
            <button type="button" className="button" onClick={exportCassette}>
              <Icon name="download" /> Export cassette
            </button>
            <button type="button" className="button" onClick={() => file.current?.click()}>
              <Icon name="plus" /> Import cassette
            </button>
            <input
              ref={file}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              aria-label="Cassette file to import"
              tabIndex={-1}
              onChange={onFile}
            />
          </>
        }
      />
      <ProxyModes />
      <section className="card" aria-label="Recordings">
        <search className="toolbar">
          <TextFilter
            id="rec-provider"
            label="Provider"
            placeholder="Any provider"
            value={provider}
            onChange={setProvider}
          />
          <SelectFilter
            id="rec-method"
            label="Method"
            value={method}
            onChange={setMethod}
            options={[
              ['', 'Any method'],
              ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [m, m] as const),
            ]}
          />
          <TextFilter id="rec-path" label="Path" placeholder="/user/repos" value={path} onChange={setPath} />
          <TextFilter
            id="rec-status"
            label="Status"
            placeholder="Any status"
            value={status}
            onChange={setStatus}
          />
        </search>
        <PagedList
          list={list}
          noun="recordings"
          errorTitle="Could not load recordings"
          empty={
            filtered ? (
              <EmptyState icon="search" title="No recording matches these filters">
                Clear the filters to see every recording.
              </EmptyState>
            ) : (
              <EmptyState icon="replay" title="No recordings yet">
                Switch a provider config to <strong>Record</strong> and call its API through{' '}
                <code>/proxy/&#123;connection_id&#125;/…</code>, or import a cassette.
              </EmptyState>
            )
          }
        >
          <DataTable
            caption="Recordings"
            columns={COLUMNS}
            data={rows}
            getRowId={(r) => r.id}
            selectedId={selected}
            onRowClick={(r) => setParam('id', r.id)}
          />
        </PagedList>
      </section>
      {selected && <RecordingDetail id={selected} onClose={() => setParam('id', undefined)} />}
    </>
  )
}
