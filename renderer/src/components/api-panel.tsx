import { type FormEvent, useState } from 'react'
import { ApiError, type Schemas } from '../lib/api'
import { formatBytes, prettyJson } from '../lib/format'
import { useSession } from '../lib/session'
import { CodeBlock } from './code'
import { HeadersTable } from './headers-table'
import { Icon } from './icons'
import { ExampleCalls } from './simulation/example-calls'
import { Badge, ErrorNote } from './ui'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

interface Answer {
  status: number
  mode: string | null
  headers: Array<{ name: string; value: string }>
  size: number
  text: string | undefined
}

/** Reads an answer's body as text when it decodes as UTF-8 (else only its size is shown). */
async function readAnswer(res: Response): Promise<Answer> {
  const bytes = new Uint8Array(await res.arrayBuffer())
  let text: string | undefined
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = undefined
  }
  return {
    status: res.status,
    mode: res.headers.get('switchyard-proxy-mode'),
    headers: [...res.headers].map(([name, value]) => ({ name, value })),
    size: bytes.length,
    text,
  }
}

/**
 * Sends a request through the proxy with this connection's token, as the app's backend would, and
 * shows what answered: the provider (live), a recording (replay) or the simulation.
 */
export function ApiPanel({
  connectionId,
  examples = [],
  onAnswer,
}: {
  connectionId: string
  /** Ready-made calls (a simulated connection's); picking one fills method, path and body. */
  examples?: Schemas['SimulationExampleCall'][]
  /** Called after each answer, e.g. to reload a simulated account the call may have changed. */
  onAnswer?: () => void
}) {
  const { baseUrl, headers } = useSession()
  const [method, setMethod] = useState<(typeof METHODS)[number]>('GET')
  const [path, setPath] = useState('/')
  const [body, setBody] = useState('')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Answer>()
  const [error, setError] = useState<unknown>()

  const send = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const rest = path.startsWith('/') ? path : `/${path}`
      const withBody = method !== 'GET' && body !== ''
      const res = await fetch(`${baseUrl}/proxy/${encodeURIComponent(connectionId)}${rest}`, {
        method,
        headers: { ...headers(), ...(withBody && { 'content-type': 'application/json' }) },
        ...(withBody && { body }),
      })
      setAnswer(await readAnswer(res))
      onAnswer?.()
    } catch (err) {
      setAnswer(undefined)
      setError(
        err instanceof ApiError ? err : new ApiError(0, 'network_error', 'The gateway is not reachable.'),
      )
    } finally {
      setBusy(false)
    }
  }

  const pretty = answer?.text !== undefined ? prettyJson(answer.text) : undefined
  return (
    <section className="section stack" aria-label="Call the provider API">
      <h3>Call the provider API</h3>
      <p className="muted small">
        Sent through <code>/proxy/{connectionId}/…</code> with the connection's token.
      </p>
      {examples.length > 0 && (
        <ExampleCalls
          calls={examples}
          onPick={(call) => {
            setMethod(call.method)
            setPath(call.path)
            setBody(call.body === undefined ? '' : JSON.stringify(call.body, null, 2))
          }}
        />
      )}
      <form className="stack" onSubmit={send}>
        <div className="row">
          <div className="field">
            <label htmlFor="api-method">Method</label>
            <select
              id="api-method"
              className="select"
              value={method}
              onChange={(e) => setMethod(e.target.value as (typeof METHODS)[number])}
            >
              {METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </div>
          <div className="field grow">
            <label htmlFor="api-path">Path</label>
            <input
              id="api-path"
              className="input mono"
              value={path}
              onChange={(e) => setPath(e.target.value)}
              placeholder="/user/repos?per_page=5"
            />
          </div>
        </div>
        {method !== 'GET' && (
          <div className="field">
            <label htmlFor="api-body">Body (JSON, optional)</label>
            <textarea
              id="api-body"
              className="input mono"
              rows={4}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
        )}
        <div className="row">
          <button type="submit" className="button button-primary" disabled={busy}>
            <Icon name="send" /> {busy ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
      {error !== undefined && <ErrorNote error={error} title="The request was not sent" />}
      {answer && (
        <section className="stack" aria-label="Answer">
          <p className="row">
            <span>
              Status <strong data-testid="api-status">{answer.status}</strong>
            </span>
            <span>
              Answered by{' '}
              <Badge tone={answer.mode === 'live' ? 'accent' : 'info'}>{answer.mode ?? 'the gateway'}</Badge>
            </span>
            <span className="muted small">{formatBytes(answer.size)}</span>
          </p>
          <h4>Headers</h4>
          <HeadersTable caption="Answer headers" headers={answer.headers} />
          <h4>Body</h4>
          {answer.size === 0 ? (
            <p className="muted">No body.</p>
          ) : answer.text === undefined ? (
            <p className="muted">A binary body of {formatBytes(answer.size)}.</p>
          ) : (
            <CodeBlock code={pretty ?? answer.text} label="Copy the answer body" />
          )}
        </section>
      )}
    </section>
  )
}
