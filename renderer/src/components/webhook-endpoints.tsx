import { useState } from 'react'
import { errorDetail, type Schemas, unwrap } from '../lib/api'
import { useApiMutation, useSearchList } from '../lib/queries'
import { useSession } from '../lib/session'
import { ConfirmMutationDialog } from './confirm-mutation-dialog'
import { CopyField } from './copy'
import { Form, SubmitButton, TextField } from './form'
import { Icon } from './icons'
import { rowsOf } from './list-footer'
import { useToast } from './toast'
import { Badge, Mono, QueryStates, StatusBadge, Time } from './ui'

type WebhookEndpoint = Schemas['WebhookEndpoint']

/** Outbound endpoints: the user's app subscribes to the gateway's own events, signed per Standard Webhooks. */
export function WebhookEndpoints() {
  const { api } = useSession()
  const notify = useToast()
  const [url, setUrl] = useState('')
  const [types, setTypes] = useState('')
  const [secrets, setSecrets] = useState<Record<string, string>>({})
  const [deleting, setDeleting] = useState<WebhookEndpoint | undefined>()
  const list = useSearchList('/api/webhook-endpoints/search', {})
  const params = (e: WebhookEndpoint) => ({ path: { id: e.id } })
  const create = useApiMutation(
    async () =>
      unwrap(
        await api.POST('/api/webhook-endpoints', {
          body: {
            url: url.trim(),
            ...(types.trim() && { event_types: types.split(/[\s,]+/).filter(Boolean) }),
          },
        }),
      ),
    ['webhook-endpoints'],
  )
  const enable = useApiMutation(
    async (e: WebhookEndpoint) =>
      unwrap(
        await api.PATCH('/api/webhook-endpoints/{id}', { params: params(e), body: { status: 'active' } }),
      ),
    ['webhook-endpoints'],
  )
  const remove = useApiMutation(
    async (e: WebhookEndpoint) =>
      unwrap(await api.DELETE('/api/webhook-endpoints/{id}', { params: params(e) })),
    ['webhook-endpoints'],
  )
  const reveal = async (e: WebhookEndpoint) => {
    try {
      const full = unwrap(await api.GET('/api/webhook-endpoints/{id}', { params: params(e) }))
      if (full.secret) setSecrets((s) => ({ ...s, [e.id]: full.secret! }))
    } catch (err) {
      notify('Could not load the secret', {
        tone: 'error',
        detail: errorDetail(err),
      })
    }
  }
  const rows = rowsOf(list.data)
  return (
    <section className="card" aria-labelledby="endpoints-title">
      <div className="card-header">
        <div>
          <h2 id="endpoints-title">Outbound endpoints</h2>
          <p className="muted">
            Subscribe your app to the gateway's own events (<code>connection.created</code>,{' '}
            <code>connection.*</code>, …). Deliveries are signed per Standard Webhooks with the endpoint's
            secret and retried on failure.
          </p>
        </div>
      </div>
      <div className="card-body stack">
        <Form
          save={create}
          problemTitle="Could not add the endpoint"
          onSubmit={() =>
            create.mutate(undefined, {
              onSuccess: (created) => {
                notify('Endpoint added', { detail: 'Copy its signing secret to verify deliveries.' })
                if (created.secret) setSecrets((s) => ({ ...s, [created.id]: created.secret! }))
                setUrl('')
                setTypes('')
              },
            })
          }
        >
          <div className="form-row">
            <TextField
              name="url"
              label="Endpoint URL"
              id="ep-url"
              type="url"
              placeholder="http://127.0.0.1:3000/switchyard-events"
              value={url}
              onChange={setUrl}
              required
            />
            <TextField
              name="event_types"
              label="Event types"
              id="ep-types"
              hint="Separated by commas; “connection.*” matches a prefix; empty means all."
              placeholder="connection.created, installation.*"
              value={types}
              onChange={setTypes}
            />
          </div>
          <div>
            <SubmitButton label="Add endpoint" saving="Adding…" icon={<Icon name="plus" />} />
          </div>
        </Form>
        <QueryStates
          query={list}
          errorTitle="Could not load endpoints"
          isEmpty={rows.length === 0}
          empty={<p className="muted">No outbound endpoints yet.</p>}
        >
          <ul className="plain-list">
            {rows.map((ep) => (
              <li key={ep.id}>
                <div className="stack" style={{ gap: 6, flex: 1, minWidth: 0 }}>
                  <div className="row">
                    <Mono>{ep.url}</Mono>
                    <StatusBadge value={ep.status} />
                  </div>
                  {ep.status === 'disabled' && ep.disabled_reason && (
                    <p className="small muted">{ep.disabled_reason}</p>
                  )}
                  <div className="row small muted">
                    {ep.event_types?.length ? (
                      ep.event_types.map((t) => <Badge key={t}>{t}</Badge>)
                    ) : (
                      <span>All gateway events</span>
                    )}
                    <span>
                      · added <Time iso={ep.created_at} />
                    </span>
                  </div>
                  {secrets[ep.id] && (
                    <CopyField
                      value={secrets[ep.id]!}
                      label={`Copy the signing secret of ${ep.url}`}
                      what="Signing secret"
                      secret
                    />
                  )}
                </div>
                <div className="row">
                  {!secrets[ep.id] && (
                    <button type="button" className="button button-small" onClick={() => reveal(ep)}>
                      Show secret
                    </button>
                  )}
                  {ep.status === 'disabled' && (
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => enable.mutate(ep, { onSuccess: () => notify('Endpoint re-enabled') })}
                    >
                      Enable
                    </button>
                  )}
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => setDeleting(ep)}
                    aria-label={`Delete endpoint ${ep.url}`}
                  >
                    <Icon name="trash" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </QueryStates>
      </div>
      <ConfirmMutationDialog
        open={deleting !== undefined}
        title="Delete this endpoint?"
        body={
          <p>
            The gateway stops delivering events to <code>{deleting?.url}</code>.
          </p>
        }
        confirmLabel="Delete endpoint"
        mutation={remove}
        variables={deleting!}
        done="Endpoint deleted"
        errorTitle="Could not delete"
        onClose={() => setDeleting(undefined)}
      />
    </section>
  )
}
