import { useEffect, useMemo, useState } from 'react'
import { type EventFilter, matchesFilter, toSearchFilter } from '../../../src/shared/event-filter'
import { columnsFor, DataTable } from '../components/data-table'
import { EventDetail } from '../components/event-detail'
import { ExportButton, TriggerDialog } from '../components/event-tools'
import { SelectFilter, TextFilter } from '../components/filter-controls'
import { Icon } from '../components/icons'
import { PagedList, rowsOf } from '../components/list-footer'
import { Badge, EmptyState, Mono, PageHeader, StatusBadge, Time } from '../components/ui'
import type { Schemas } from '../lib/api'
import { clean } from '../lib/filters'
import { useSearchList } from '../lib/queries'
import { setParam, useLocation } from '../lib/router'
import { useSession } from '../lib/session'
import { followStream } from '../lib/sse'

type Event = Schemas['Event']

interface Filters {
  provider: string
  type: string
  providerEvent: string
  signature: string
  connection: string
  installation: string
  duplicates: '' | 'hide'
}

const one = (value: string) => (clean(value) ? [clean(value)!] : undefined)

/** The filter inputs as the one event filter rule (src/shared/event-filter.ts). */
const toEventFilter = (f: Filters): EventFilter => ({
  provider: one(f.provider),
  type: one(f.type),
  provider_event_type: one(f.providerEvent),
  signature: one(f.signature),
  connection_id: one(f.connection),
  installation_id: one(f.installation),
  duplicates: f.duplicates === 'hide' ? 'exclude' : undefined,
})

const col = columnsFor<Event>()
const COLUMNS = [
  col.accessor('created_at', { header: 'Received', cell: (c) => <Time iso={c.getValue()} /> }),
  col.accessor('type', {
    header: 'Event',
    cell: (c) => (
      <div>
        <button type="button" className="link-button" onClick={() => setParam('id', c.row.original.id)}>
          {c.row.original.provider_event_type ?? c.getValue()}
        </button>
        <div className="muted small">
          {c.row.original.provider_event_type ? c.getValue() : `${c.row.original.source} event`}
        </div>
      </div>
    ),
  }),
  col.accessor('provider', {
    header: 'Provider',
    cell: (c) => c.getValue() ?? <span className="muted">—</span>,
  }),
  col.accessor('signature', {
    header: 'Signature',
    cell: (c) =>
      c.row.original.source === 'webhook' ? (
        <>
          <StatusBadge value={c.getValue() ?? 'unverified'} />{' '}
          {c.row.original.duplicate_of && (
            <span title={`Same signed message id as ${c.row.original.duplicate_of}`}>
              <Badge tone="warning">duplicate</Badge>
            </span>
          )}
        </>
      ) : (
        <span className="muted">—</span>
      ),
  }),
  col.accessor('tenant_id', {
    header: 'Tenant',
    cell: (c) => (c.getValue() ? <Mono>{c.getValue()}</Mono> : <span className="muted">—</span>),
  }),
  col.accessor('id', { header: 'Id', cell: (c) => <Mono>{c.getValue()}</Mono> }),
]

export function EventsPage() {
  const { baseUrl, headers } = useSession()
  const { params } = useLocation()
  const selected = params.get('id') ?? undefined
  const [filters, setFilters] = useState<Filters>({
    provider: params.get('provider') ?? '',
    type: '',
    providerEvent: '',
    signature: '',
    connection: params.get('connection_id') ?? '',
    installation: params.get('installation_id') ?? '',
    duplicates: '',
  })
  const [live, setLive] = useState<Event[]>([])
  const [connected, setConnected] = useState(false)
  const [fresh, setFresh] = useState<Set<string>>(new Set())
  const [triggering, setTriggering] = useState(false)
  const set = (name: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [name]: value }))

  const eventFilter = useMemo(() => toEventFilter(filters), [filters])
  const body = useMemo(() => ({ filter: toSearchFilter(eventFilter) }), [eventFilter])
  const list = useSearchList('/api/events/search', body)

  // New filters mean a new first page from the server; live arrivals start over on top of it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetting on a new search is the point.
  useEffect(() => setLive([]), [body])

  useEffect(
    () =>
      followStream({
        url: `${baseUrl}/api/events/stream`,
        headers: headers(),
        onState: setConnected,
        onMessage: (m) => {
          let event: Event
          try {
            event = JSON.parse(m.data) as Event
          } catch {
            return
          }
          if (!event?.id || !event.type) return
          setLive((all) => (all.some((e) => e.id === event.id) ? all : [event, ...all].slice(0, 500)))
          setFresh((s) => new Set(s).add(event.id))
        },
      }),
    [baseUrl, headers],
  )

  const rows = useMemo(() => {
    const server = rowsOf(list.data)
    const seen = new Set(server.map((e) => e.id))
    return [...live.filter((e) => !seen.has(e.id) && matchesFilter(e, eventFilter)), ...server]
  }, [live, list.data, eventFilter])
  const filtered = Object.values(filters).some(Boolean)

  return (
    <>
      <PageHeader
        title="Events"
        description="Every captured webhook and every event of the gateway, newest first. New ones appear here as they arrive."
        actions={
          <>
            <span className="badge badge-neutral live-status" role="status">
              <span className={`live-dot${connected ? '' : ' off'}`} aria-hidden="true" />
              {connected ? 'Live' : 'Connecting…'}
            </span>
            <ExportButton filter={eventFilter} />
            <button type="button" className="button button-primary" onClick={() => setTriggering(true)}>
              <Icon name="send" /> Send a test webhook
            </button>
          </>
        }
      />
      <section className="card" aria-label="Event log">
        <search className="toolbar">
          <TextFilter
            id="ev-provider"
            label="Provider"
            placeholder="e.g. github"
            value={filters.provider}
            onChange={set('provider')}
          />
          <TextFilter
            id="ev-type"
            label="Type"
            placeholder="e.g. webhook.received"
            value={filters.type}
            onChange={set('type')}
          />
          <TextFilter
            id="ev-pevent"
            label="Provider event"
            placeholder="e.g. push"
            value={filters.providerEvent}
            onChange={set('providerEvent')}
          />
          <SelectFilter
            id="ev-signature"
            label="Signature"
            value={filters.signature}
            onChange={set('signature')}
            options={[
              ['', 'Any verdict'],
              ['valid', 'Valid'],
              ['invalid', 'Invalid'],
              ['unverified', 'Unverified'],
            ]}
          />
          <SelectFilter
            id="ev-duplicates"
            label="Duplicates"
            value={filters.duplicates}
            onChange={set('duplicates')}
            options={[
              ['', 'Show duplicates'],
              ['hide', 'Hide duplicates'],
            ]}
          />
          {(filters.connection || filters.installation) && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setFilters((f) => ({ ...f, connection: '', installation: '' }))}
              aria-label="Clear the connection and installation filter"
            >
              {filters.connection || filters.installation} <Icon name="x" />
            </button>
          )}
        </search>
        <PagedList
          list={list}
          rows={rows.length}
          noun="events"
          errorTitle="Could not load events"
          empty={
            filtered ? (
              <EmptyState icon="search" title="No event matches these filters">
                New matching events will appear here as they arrive.
              </EmptyState>
            ) : (
              <EmptyState
                icon="activity"
                title="Waiting for the first event"
                action={
                  <button type="button" className="button button-primary" onClick={() => setTriggering(true)}>
                    <Icon name="send" /> Send a test webhook
                  </button>
                }
              >
                Point a provider's webhooks at <code>{baseUrl}/webhooks/&lt;provider&gt;</code> (directly or
                through a tunnel), or send a test webhook. Events appear here live.
              </EmptyState>
            )
          }
        >
          <DataTable
            caption="Events, newest first"
            columns={COLUMNS}
            data={rows}
            getRowId={(e) => e.id}
            selectedId={selected}
            onRowClick={(e) => setParam('id', e.id)}
            rowClassName={(e) => (fresh.has(e.id) ? 'fresh' : '')}
          />
        </PagedList>
      </section>
      {triggering && <TriggerDialog onClose={() => setTriggering(false)} />}
      {selected && <EventDetail id={selected} onClose={() => setParam('id', undefined)} />}
    </>
  )
}
