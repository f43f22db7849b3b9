import { useId, useState } from 'react'
import { type EventDetail, errorDetail, type Schemas, unwrap } from '../lib/api'
import { isTargetUrl, useForwardTargets } from '../lib/forward-targets'
import { useApiMutation } from '../lib/queries'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'
import { Icon } from './icons'
import { useToast } from './toast'
import { Badge, ErrorNote, Field, Mono, Time } from './ui'

const statusTone = (d: Schemas['Delivery']) =>
  d.status && d.status < 300 ? 'success' : d.status && d.status < 500 ? 'warning' : 'danger'

/** The delivery log of an event, with replay (to the last target) and forward (to any URL). */
export function DeliveriesPanel({ event }: { event: EventDetail }) {
  const { api } = useSession()
  const notify = useToast()
  const { targets, add } = useForwardTargets()
  const listId = useId()
  // The API lists attempts oldest first; the newest matters most here.
  const deliveries = [...(event.deliveries ?? [])].reverse()
  const last = deliveries[0]?.target
  const [url, setUrl] = useState(targets[0] ?? '')
  const replay = useApiMutation(
    async (target?: string) =>
      unwrap(
        await api.POST('/api/events/{id}/replay', {
          params: { path: { id: event.id } },
          body: target ? { url: target } : {},
        }),
      ),
    ['events'],
  )
  const send = (target?: string) =>
    replay.mutate(target, {
      onSuccess: (d) => {
        if (target) add(target)
        notify(d.status && d.status < 300 ? 'Delivered' : 'Delivery attempted', {
          tone: d.status && d.status < 300 ? 'success' : 'error',
          detail: `${d.target} answered ${d.status ?? d.error ?? 'nothing'}`,
        })
      },
      onError: (e) => notify('Could not deliver', { tone: 'error', detail: errorDetail(e) }),
    })

  return (
    <>
      <form
        className="form card card-body"
        onSubmit={(e) => {
          e.preventDefault()
          send(url.trim())
        }}
      >
        <Field
          label="Forward to"
          htmlFor="forward-url"
          hint={
            <>
              Sends the exact bytes and original headers to your app. Saved targets are managed in{' '}
              <Link to="/ui/settings">Settings</Link>.
            </>
          }
          error={
            url && !isTargetUrl(url.trim())
              ? 'Enter an http(s) URL, e.g. http://127.0.0.1:3000/webhooks'
              : undefined
          }
        >
          <input
            id="forward-url"
            className="input"
            list={listId}
            placeholder="http://127.0.0.1:3000/webhooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <datalist id={listId}>
            {targets.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </Field>
        <div className="row">
          <button
            type="submit"
            className="button button-primary"
            disabled={!isTargetUrl(url.trim()) || replay.isPending}
          >
            <Icon name="send" /> Forward
          </button>
          {last && (
            <button type="button" className="button" onClick={() => send()} disabled={replay.isPending}>
              <Icon name="replay" /> Replay to {new URL(last).host}
            </button>
          )}
        </div>
        {replay.error && <ErrorNote error={replay.error} title="The delivery failed" />}
      </form>
      {deliveries.length === 0 ? (
        <p className="muted">
          Not delivered anywhere yet. Forward it above, or run{' '}
          <code>switchyard listen --forward-to &lt;url&gt;</code>.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table compact">
            <caption className="sr-only">Delivery attempts</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col">Target</th>
                <th scope="col">Attempt</th>
                <th scope="col">Result</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Time iso={d.created_at} />
                  </td>
                  <td>
                    <Badge>{d.kind}</Badge>
                  </td>
                  <td className="wrap">
                    <Mono>{d.target}</Mono>
                  </td>
                  <td>{d.attempt}</td>
                  <td>
                    <Badge tone={statusTone(d)}>{d.status ?? 'no answer'}</Badge>
                    {d.error && <div className="muted small">{d.error}</div>}
                  </td>
                  <td>{d.duration_ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
