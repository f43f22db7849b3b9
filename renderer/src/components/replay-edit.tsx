import { useId, useMemo, useState } from 'react'
import { type EventDetail, unwrap } from '../lib/api'
import { isTargetUrl, useForwardTargets } from '../lib/forward-targets'
import { useApiMutation } from '../lib/queries'
import { headerChanges, headerText, lineDiff, parseHeaderText } from '../lib/replay-changes'
import { setParam } from '../lib/router'
import { useSession } from '../lib/session'
import { Modal } from './dialog'
import { Icon } from './icons'
import { Badge, ErrorNote, Field, Mono } from './ui'

type Step = 'edit' | 'review' | 'sent'

/**
 * "Edit and replay": edit the captured headers and body, optionally re-sign, review a diff of what
 * changed, send, and see the answer. The API records the edited request as a new event.
 */
export function EditReplayDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const { api } = useSession()
  const { targets, add } = useForwardTargets()
  const listId = useId()
  const request = event.request!
  const base64 = request.body_encoding === 'base64'
  const originalHeaders = useMemo(() => headerText(request.headers), [request.headers])
  const last = [...(event.deliveries ?? [])].reverse()[0]?.target
  const [url, setUrl] = useState(last ?? targets[0] ?? '')
  const [headersText, setHeadersText] = useState(originalHeaders)
  const [body, setBody] = useState(request.body)
  const [resign, setResign] = useState(false)
  const [step, setStep] = useState<Step>('edit')

  const parsed = parseHeaderText(headersText)
  const diff = headerChanges(parseHeaderText(originalHeaders).headers, parsed.headers)
  const headersError = parsed.error ?? diff.error
  const bodyChanged = body !== request.body
  const urlError = url && !isTargetUrl(url.trim()) ? 'Enter an http(s) URL' : undefined
  const payload = {
    url: url.trim(),
    ...(Object.keys(diff.changes).length > 0 && { headers: diff.changes }),
    ...(bodyChanged && { body: base64 ? { base64: body.trim() } : body }),
    ...(resign && { resign: true }),
  }
  const send = useApiMutation(
    async () =>
      unwrap(
        await api.POST('/api/events/{id}/replay', { params: { path: { id: event.id } }, body: payload }),
      ),
    ['events'],
  )
  const result = send.data
  const canReview = isTargetUrl(url.trim()) && !headersError

  const footer =
    step === 'edit' ? (
      <>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!canReview}
          onClick={() => setStep('review')}
        >
          Review changes
        </button>
      </>
    ) : step === 'review' ? (
      <>
        <button type="button" className="button" onClick={() => setStep('edit')}>
          Back to editing
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: () => {
                add(url.trim())
                setStep('sent')
              },
            })
          }
        >
          <Icon name="send" /> {send.isPending ? 'Sending…' : 'Send replay'}
        </button>
      </>
    ) : (
      <button type="button" className="button button-primary" onClick={onClose}>
        Done
      </button>
    )

  return (
    <Modal
      open
      wide
      onClose={onClose}
      title="Edit and replay"
      description="Change headers and body before sending this webhook again. The edited request is recorded as a new event."
      footer={footer}
    >
      {step === 'edit' && (
        <form className="form" onSubmit={(e) => e.preventDefault()}>
          <Field label="Send to" htmlFor="replay-url" error={urlError}>
            <input
              id="replay-url"
              className="input"
              list={listId}
              placeholder="http://127.0.0.1:3000/webhooks"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              data-autofocus
            />
            <datalist id={listId}>
              {targets.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </Field>
          <Field
            label="Headers"
            htmlFor="replay-headers"
            hint="One “Name: value” per line; delete a line to remove the header. Host and Content-Length are set for you."
            error={headersError}
          >
            <textarea
              id="replay-headers"
              className="input"
              rows={8}
              spellCheck={false}
              value={headersText}
              onChange={(e) => setHeadersText(e.target.value)}
            />
          </Field>
          <Field
            label={base64 ? 'Body (base64)' : 'Body'}
            htmlFor="replay-body"
            hint={base64 ? 'The body is not UTF-8 text: edit it as base64.' : undefined}
          >
            <textarea
              id="replay-body"
              className="input"
              rows={10}
              spellCheck={false}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </Field>
          <label className="checkbox">
            <input type="checkbox" checked={resign} onChange={(e) => setResign(e.target.checked)} /> Re-sign
            with the provider config's webhook secret (fresh timestamp)
          </label>
        </form>
      )}
      {step === 'review' && (
        <section className="stack" aria-label="Changes to send">
          <p>
            To <Mono>{url.trim()}</Mono>
          </p>
          <ReviewHeaders changes={diff.changes} />
          <div className="section">
            <h3>Body</h3>
            {bodyChanged ? (
              <pre className="diff" data-diff="body">
                {lineDiff(request.body, body).map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their place.
                  <div key={i} className={`diff-${line.kind}`}>
                    {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                    {line.text}
                  </div>
                ))}
              </pre>
            ) : (
              <p className="muted">Unchanged.</p>
            )}
          </div>
          <p>
            {resign ? (
              <Badge tone="info">re-signed</Badge>
            ) : (
              <span className="muted">Signature headers are sent as they are.</span>
            )}
          </p>
          <ErrorNote error={send.error} title="The replay was not sent" />
        </section>
      )}
      {step === 'sent' && result && (
        <section className="stack" aria-label="Replay result">
          <div
            className={`callout ${result.status && result.status < 300 ? 'callout-info' : 'callout-danger'}`}
          >
            <strong>
              {result.target} answered {result.status ?? 'nothing'}
            </strong>
            {result.error && <p>{result.error}</p>}
            <p className="muted small">{result.duration_ms} ms</p>
          </div>
          {result.event_id !== event.id && (
            <button
              type="button"
              className="button"
              onClick={() => {
                onClose()
                setParam('id', result.event_id)
              }}
            >
              Open the replay event <Mono>{result.event_id}</Mono>
            </button>
          )}
        </section>
      )}
    </Modal>
  )
}

function ReviewHeaders({ changes }: { changes: Record<string, string | null> }) {
  const entries = Object.entries(changes)
  return (
    <div className="section">
      <h3>Headers</h3>
      {entries.length === 0 ? (
        <p className="muted">Unchanged.</p>
      ) : (
        <pre className="diff" data-diff="headers">
          {entries.map(([name, value]) => (
            <div key={name} className={value === null ? 'diff-removed' : 'diff-added'}>
              {value === null ? `- ${name}` : `+ ${name}: ${value}`}
            </div>
          ))}
        </pre>
      )}
    </div>
  )
}
