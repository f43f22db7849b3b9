import { type FormEvent, useState } from 'react'
import { type Schemas, unwrap } from '../../lib/api'
import { useApiMutation } from '../../lib/queries'
import { useSession } from '../../lib/session'
import { Icon } from '../icons'
import { useToast } from '../toast'
import { ErrorNote, Field, fieldErrors } from '../ui'

type Kind = Schemas['Fault']['kind']

const KINDS: Array<{ kind: Kind; label: string; hint: string }> = [
  { kind: 'rate_limit', label: 'Rate limit', hint: "The next calls get the provider's rate-limit answer." },
  { kind: 'server_error', label: 'Server error', hint: 'The next calls get a 5xx from the provider.' },
  { kind: 'latency', label: 'Latency', hint: 'The next calls are answered late.' },
  {
    kind: 'expire_token',
    label: 'Expire token',
    hint: 'The access token stops working; a refresh mends it.',
  },
  {
    kind: 'revoke_access',
    label: 'Revoke access',
    hint: 'Access and refresh tokens stop working; the connection will need re-authorization.',
  },
]

/** A typed number as a number, so the API judges it (and says what is wrong); blank is left out. */
const numberOr = (text: string) => (text.trim() === '' ? undefined : Number(text))

/** The request body for the chosen kind, with only that kind's fields. */
function bodyOf(kind: Kind, values: { count: string; status: string; ms: string }) {
  const count = numberOr(values.count)
  if (kind === 'rate_limit') return { kind, count }
  if (kind === 'server_error') return { kind, count, status: numberOr(values.status) }
  if (kind === 'latency') return { kind, count, ms: numberOr(values.ms) }
  return { kind }
}

/** Adds a fault of any kind; the API's validation messages show beside the fields they are about. */
export function FaultForm({ connectionId }: { connectionId: string }) {
  const { api } = useSession()
  const notify = useToast()
  const [kind, setKind] = useState<Kind>('rate_limit')
  const [values, setValues] = useState({ count: '1', status: '500', ms: '2000' })
  const add = useApiMutation(
    async () =>
      unwrap(
        await api.POST('/api/connections/{id}/faults', {
          params: { path: { id: connectionId } },
          // Sent as typed (a status of 418 included) so the API's own validation message is shown.
          body: bodyOf(kind, values) as Schemas['FaultInput'],
        }),
      ),
    ['simulation', 'events'],
  )
  const errors = fieldErrors(add.error)
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    add.mutate(undefined, {
      onSuccess: (f) =>
        notify('Fault added', { detail: `${f.kind} applies to this connection's next calls.` }),
    })
  }
  const counted = kind === 'rate_limit' || kind === 'server_error' || kind === 'latency'
  // The fields on screen, whose messages show beside them; any other problem shows below the form.
  const shown = new Set(['kind', ...(counted ? ['count'] : []), kind === 'server_error' ? 'status' : 'ms'])
  return (
    <form className="stack" onSubmit={submit} aria-label="Add a fault">
      <div className="fault-form">
        <Field
          label="Fault"
          htmlFor="fault-kind"
          hint={KINDS.find((k) => k.kind === kind)?.hint}
          error={errors.kind}
        >
          <select
            id="fault-kind"
            className="select"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind)
              add.reset()
            }}
          >
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </Field>
        {counted && (
          <Field label="Calls" htmlFor="fault-count" error={errors.count}>
            <input
              id="fault-count"
              className="input"
              type="number"
              inputMode="numeric"
              value={values.count}
              onChange={set('count')}
            />
          </Field>
        )}
        {kind === 'server_error' && (
          <Field label="Status" htmlFor="fault-status" hint="500, 502 or 503" error={errors.status}>
            <input
              id="fault-status"
              className="input"
              type="number"
              inputMode="numeric"
              value={values.status}
              onChange={set('status')}
            />
          </Field>
        )}
        {kind === 'latency' && (
          <Field label="Delay (ms)" htmlFor="fault-ms" error={errors.ms}>
            <input
              id="fault-ms"
              className="input"
              type="number"
              inputMode="numeric"
              value={values.ms}
              onChange={set('ms')}
            />
          </Field>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={add.isPending}>
            <Icon name="plus" /> {add.isPending ? 'Adding…' : 'Add fault'}
          </button>
        </div>
      </div>
      {add.error !== null && Object.keys(errors).every((f) => !shown.has(f)) && (
        <ErrorNote error={add.error} title="Could not add the fault" />
      )}
    </form>
  )
}
