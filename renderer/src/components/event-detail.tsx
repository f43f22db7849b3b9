import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type EventDetail as Detail, errorDetail, unwrap } from '../lib/api'
import { toCurl } from '../lib/curl'
import { formatBytes, prettyJson } from '../lib/format'
import { useKey } from '../lib/queries'
import { Link, setParam } from '../lib/router'
import { useSession } from '../lib/session'
import { CodeBlock } from './code'
import { copyText } from './copy'
import { Modal } from './dialog'
import { DeliveriesPanel } from './event-deliveries'
import { download } from './event-tools'
import { HeadersTable } from './headers-table'
import { Icon } from './icons'
import { EditReplayDialog } from './replay-edit'
import { useToast } from './toast'
import { Badge, Details, Mono, QueryStates, StatusBadge, Time } from './ui'

type Tab = 'overview' | 'request' | 'deliveries'

/** One event: its fields, the captured request (headers, pretty and raw body), deliveries, replay. */
export function EventDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { api, baseUrl } = useSession()
  const key = useKey()
  const notify = useToast()
  const [tab, setTab] = useState<Tab>('overview')
  const [editing, setEditing] = useState(false)
  const params = { path: { id } }
  const event = useQuery({
    queryKey: key('events', 'get', id),
    queryFn: async () => unwrap(await api.GET('/api/events/{id}', { params })),
  })
  const e = event.data
  const request = e?.request ?? undefined
  const tabs: Array<[Tab, string]> = [
    ['overview', 'Overview'],
    ...(request ? ([['request', 'Request']] as Array<[Tab, string]>) : []),
    ['deliveries', `Deliveries${e?.deliveries?.length ? ` (${e.deliveries.length})` : ''}`],
  ]

  const copyCurl = async () => {
    if (!request) return
    await copyText(toCurl(baseUrl, request))
    notify('cURL command copied', { detail: 'It sends the same request to this gateway again.' })
  }
  const downloadBody = async () => {
    try {
      await download(await api.GET('/api/events/{id}/body', { params, parseAs: 'stream' }), `${id}.body`)
    } catch (err) {
      notify('Could not download the body', {
        tone: 'error',
        detail: errorDetail(err),
      })
    }
  }

  return (
    <Modal
      open
      variant="drawer"
      wide
      onClose={onClose}
      title={e ? (e.provider_event_type ?? e.type) : 'Event'}
      description={<Mono>{id}</Mono>}
      footer={
        request ? (
          <>
            <button type="button" className="button" onClick={downloadBody}>
              <Icon name="download" /> Download body
            </button>
            <button type="button" className="button" onClick={copyCurl}>
              <Icon name="terminal" /> Copy as cURL
            </button>
            <button type="button" className="button button-primary" onClick={() => setEditing(true)}>
              <Icon name="replay" /> Edit and replay
            </button>
          </>
        ) : undefined
      }
    >
      <QueryStates query={event} errorTitle="Could not load the event">
        {e && (
          <>
            <div className="tabs" role="tablist" aria-label="Event sections">
              {tabs.map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  id={`tab-${value}`}
                  aria-selected={tab === value}
                  aria-controls={`panel-${value}`}
                  tabIndex={tab === value ? 0 : -1}
                  onClick={() => setTab(value)}
                  onKeyDown={(k) => {
                    const i = tabs.findIndex(([t]) => t === tab)
                    const step = k.key === 'ArrowRight' ? 1 : k.key === 'ArrowLeft' ? -1 : 0
                    if (!step) return
                    const next = tabs[(i + step + tabs.length) % tabs.length]![0]
                    setTab(next)
                    document.getElementById(`tab-${next}`)?.focus()
                  }}
                >
                  {label}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="stack">
              {tab === 'overview' && <OverviewTab event={e} />}
              {tab === 'request' && request && <RequestTab request={request} />}
              {tab === 'deliveries' && <DeliveriesPanel event={e} />}
            </div>
          </>
        )}
      </QueryStates>
      {editing && e?.request && <EditReplayDialog event={e} onClose={() => setEditing(false)} />}
    </Modal>
  )
}

function OverviewTab({ event: e }: { event: Detail }) {
  const verdictDetail = typeof e.data?.signature_detail === 'string' ? e.data.signature_detail : undefined
  return (
    <>
      {e.source === 'webhook' && (
        <div
          className={`callout ${e.signature === 'valid' ? 'callout-info' : e.signature === 'invalid' ? 'callout-danger' : ''}`}
        >
          <strong>
            Signature: <StatusBadge value={e.signature ?? 'unverified'} />
          </strong>
          <p>
            {verdictDetail ??
              (e.signature === 'unverified'
                ? 'No webhook secret is configured for this provider, so the signature was not checked. Add one in a provider config.'
                : e.signature === 'valid'
                  ? 'The signature matches the configured webhook secret.'
                  : 'The signature does not match the configured webhook secret. The request was still captured.')}
          </p>
        </div>
      )}
      <Details
        items={[
          ['Type', <Mono key="t">{e.type}</Mono>],
          ['Provider event', e.provider_event_type && <Mono>{e.provider_event_type}</Mono>],
          ['Source', <Badge key="s">{e.source}</Badge>],
          ['Provider', e.provider],
          ['Tenant', e.tenant_id && <Mono>{e.tenant_id}</Mono>],
          [
            'Connection',
            e.connection_id && (
              <Link to={`/ui/connections?id=${encodeURIComponent(e.connection_id)}`}>{e.connection_id}</Link>
            ),
          ],
          [
            'Installation',
            e.installation_id && (
              <Link to={`/ui/installations?id=${encodeURIComponent(e.installation_id)}`}>
                {e.installation_id}
              </Link>
            ),
          ],
          [
            'Replay of',
            e.replay_of && (
              <button type="button" className="link-button" onClick={() => setParam('id', e.replay_of!)}>
                {e.replay_of}
              </button>
            ),
          ],
          [
            'Duplicate of',
            e.duplicate_of && (
              <button type="button" className="link-button" onClick={() => setParam('id', e.duplicate_of!)}>
                {e.duplicate_of}
              </button>
            ),
          ],
          ['Received', <Time key="c" iso={e.created_at} />],
        ]}
      />
      {e.data && (
        <div className="section">
          <h3>Data</h3>
          <CodeBlock code={JSON.stringify(e.data, null, 2)} label="Copy the event data" />
        </div>
      )}
    </>
  )
}

function RequestTab({ request }: { request: NonNullable<Detail['request']> }) {
  const pretty = request.body_encoding === 'utf8' ? prettyJson(request.body) : undefined
  const [view, setView] = useState<'pretty' | 'raw'>(pretty ? 'pretty' : 'raw')
  return (
    <>
      <p>
        <Badge tone="accent">{request.method}</Badge>{' '}
        <Mono>
          {request.path}
          {request.query_string ? `?${request.query_string}` : ''}
        </Mono>
      </p>
      <div className="section">
        <h3>Headers</h3>
        <HeadersTable caption="Request headers" headers={request.headers} />
      </div>
      <div className="section">
        <div className="row spread">
          <h3>
            Body{' '}
            <span className="muted small">
              {request.content_type ?? 'no content type'} · {formatBytes(request.size)}
            </span>
          </h3>
          {pretty && (
            <fieldset className="segmented">
              <legend className="sr-only">Body view</legend>
              <button type="button" aria-pressed={view === 'pretty'} onClick={() => setView('pretty')}>
                Pretty
              </button>
              <button type="button" aria-pressed={view === 'raw'} onClick={() => setView('raw')}>
                Raw
              </button>
            </fieldset>
          )}
        </div>
        {request.size === 0 ? (
          <p className="muted">The request had no body.</p>
        ) : (
          <>
            {request.body_encoding === 'base64' && (
              <p className="muted small">The body is not UTF-8 text; shown as base64.</p>
            )}
            <CodeBlock code={view === 'pretty' && pretty ? pretty : request.body} label="Copy the body" />
          </>
        )}
      </div>
    </>
  )
}
