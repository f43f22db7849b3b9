import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Schemas, unwrap } from '../lib/api'
import { formatBytes, prettyJson } from '../lib/format'
import { useApiMutation, useKey } from '../lib/queries'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'
import { CodeBlock } from './code'
import { ConfirmMutationDialog } from './confirm-mutation-dialog'
import { Modal } from './dialog'
import { HeadersTable } from './headers-table'
import { Icon } from './icons'
import { Badge, Details, Mono, QueryStates, Time } from './ui'

type Side = Schemas['RecordedRequest'] | Schemas['RecordedResponse']

function Body({ side, what }: { side: Side; what: string }) {
  if (side.size === 0) return <p className="muted">The {what} had no body.</p>
  const pretty = side.body_encoding === 'utf8' ? prettyJson(side.body) : undefined
  return (
    <>
      {side.body_encoding === 'base64' && (
        <p className="muted small">Not UTF-8 text; shown as base64 ({formatBytes(side.size)}).</p>
      )}
      <CodeBlock code={pretty ?? side.body} label={`Copy the ${what} body`} />
    </>
  )
}

/** One recorded exchange: request and response, headers (credentials redacted) and bodies; delete. */
export function RecordingDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { api } = useSession()
  const key = useKey()
  const [deleting, setDeleting] = useState(false)
  const recording = useQuery({
    // Not under 'recordings': deleting it refreshes the lists without refetching this (gone) one.
    queryKey: key('recording', id),
    queryFn: async () => unwrap(await api.GET('/api/recordings/{id}', { params: { path: { id } } })),
  })
  const remove = useApiMutation(
    async () => unwrap(await api.DELETE('/api/recordings/{id}', { params: { path: { id } } })),
    ['recordings'],
  )
  const r = recording.data
  return (
    <Modal
      open
      variant="drawer"
      wide
      onClose={onClose}
      title={r ? `${r.method} ${r.path}` : 'Recording'}
      description={<Mono>{id}</Mono>}
      footer={
        r ? (
          <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
            <Icon name="trash" /> Delete
          </button>
        ) : undefined
      }
    >
      <QueryStates query={recording} errorTitle="Could not load the recording">
        {r && (
          <>
            <Details
              items={[
                ['Provider', r.provider],
                ['Request', <Mono key="q">{`${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`}</Mono>],
                [
                  'Status',
                  <Badge key="s" tone={r.status < 400 ? 'success' : 'danger'}>
                    {r.status}
                  </Badge>,
                ],
                [
                  'Connection',
                  r.connection_id ? (
                    <Link key="c" to={`/ui/connections?id=${encodeURIComponent(r.connection_id)}`}>
                      {r.connection_id}
                    </Link>
                  ) : (
                    'imported from a cassette'
                  ),
                ],
                ['Took', `${r.duration_ms} ms`],
                ['Recorded', <Time key="c" iso={r.created_at} />],
              ]}
            />
            <div className="section">
              <h3>Request headers</h3>
              <HeadersTable caption="Request headers" headers={r.request.headers} />
              <h3>Request body</h3>
              <Body side={r.request} what="request" />
            </div>
            <div className="section">
              <h3>Response headers</h3>
              <HeadersTable caption="Response headers" headers={r.response.headers} />
              <h3>Response body</h3>
              <Body side={r.response} what="response" />
            </div>
          </>
        )}
      </QueryStates>
      <ConfirmMutationDialog
        open={deleting}
        title="Delete this recording?"
        body={<p>Replay will no longer answer with it.</p>}
        confirmLabel="Delete recording"
        mutation={remove}
        variables={undefined}
        done="Recording deleted"
        errorTitle="Could not delete"
        onDone={onClose}
        onClose={() => setDeleting(false)}
      />
    </Modal>
  )
}
