import type { ReactNode } from 'react'
import { ApiError } from '../lib/api'
import { formatDateTime, timeAgo } from '../lib/format'
import { Icon, type IconName } from './icons'

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info' | 'accent'

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>
}

const STATUS_TONES: Record<string, BadgeTone> = {
  active: 'success',
  valid: 'success',
  succeeded: 'success',
  needs_reauth: 'warning',
  unverified: 'neutral',
  pending: 'info',
  revoked: 'danger',
  invalid: 'danger',
  failed: 'danger',
  disabled: 'neutral',
  uninstalled: 'neutral',
}

/** A status or verdict as a coloured badge with its words (colour is never the only signal). */
export function StatusBadge({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="muted">—</span>
  return <Badge tone={STATUS_TONES[value] ?? 'neutral'}>{value.replaceAll('_', ' ')}</Badge>
}

export function PageHeader(props: { title: string; description: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 tabIndex={-1}>{props.title}</h1>
        <p className="muted">{props.description}</p>
      </div>
      {props.actions && <div className="page-actions">{props.actions}</div>}
    </header>
  )
}

/** What to do when a list is empty: a sentence and the next step. */
export function EmptyState(props: {
  icon: IconName
  title: string
  children: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="empty-state">
      <div className="empty-icon">
        <Icon name={props.icon} size={22} />
      </div>
      <h2>{props.title}</h2>
      <div className="muted">{props.children}</div>
      {props.action && <div className="empty-action">{props.action}</div>}
    </div>
  )
}

/** An error from the API in words, with per-field details when the gateway gave them. */
export function ErrorNote({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  if (!error) return null
  const detail =
    error instanceof ApiError ? error.detail : error instanceof Error ? error.message : String(error)
  const fields = error instanceof ApiError ? error.errors : []
  return (
    <div className="callout callout-danger" role="alert">
      <strong>{title}</strong>
      <p>{detail}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((f) => (
            <li key={f.pointer}>
              <code>{f.pointer || '/'}</code> {f.detail}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  )
}

/**
 * One query's states, the same on every page: a spinner while it loads, its error under
 * `errorTitle` if it failed, `empty` when it succeeded with nothing to show, else the children.
 * In a card (a list), the error gets the card's padding.
 */
export function QueryStates(props: {
  query: { isPending: boolean; error: unknown }
  errorTitle: string
  isEmpty?: boolean
  empty?: ReactNode
  inCard?: boolean
  children: ReactNode
}) {
  const { query } = props
  if (query.isPending) return <Loading />
  if (query.error) {
    const note = <ErrorNote error={query.error} title={props.errorTitle} />
    return props.inCard ? <div className="card-body">{note}</div> : note
  }
  return <>{props.isEmpty ? props.empty : props.children}</>
}

/** A relative time with the exact one on hover. */
export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">—</span>
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {timeAgo(iso)}
    </time>
  )
}

export function Mono({ children }: { children: ReactNode }) {
  return <code className="mono">{children}</code>
}

/** A definition list of label/value pairs for detail panels. */
export function Details({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="details">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? <span className="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A labelled form control; `hint` explains, `error` says what to fix. */
export function Field(props: {
  label: string
  htmlFor: string
  hint?: ReactNode
  error?: string | undefined
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={props.htmlFor}>{props.label}</label>
      {props.children}
      {props.hint && !props.error && <p className="hint">{props.hint}</p>}
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  )
}

/** Per-field messages of a 400, keyed by the first pointer segment (e.g. `/name` → `name`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  return Object.fromEntries(error.errors.map((e) => [e.pointer.split('/')[1] ?? '', e.detail]))
}
