import { useState } from 'react'
import { type Schemas, unwrap } from '../../lib/api'
import { useApiMutation } from '../../lib/queries'
import { useSession } from '../../lib/session'
import { Form, FormField, SubmitButton, TextField } from '../form'
import { Icon } from '../icons'
import { useToast } from '../toast'

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

type NumberField = 'count' | 'status' | 'ms'

/** The number fields each kind takes: what the form shows, what the body carries. */
const FIELDS_OF: Record<Kind, readonly NumberField[]> = {
  rate_limit: ['count'],
  server_error: ['count', 'status'],
  latency: ['count', 'ms'],
  expire_token: [],
  revoke_access: [],
}

const NUMBER_FIELDS: Record<NumberField, { label: string; hint?: string }> = {
  count: { label: 'Calls' },
  status: { label: 'Status', hint: '500, 502 or 503' },
  ms: { label: 'Delay (ms)' },
}

/** The request body for the chosen kind, with only that kind's fields. */
const bodyOf = (kind: Kind, values: Record<NumberField, string>) => ({
  kind,
  ...Object.fromEntries(FIELDS_OF[kind].map((name) => [name, numberOr(values[name])])),
})

/** Adds a fault of any kind; the API's validation messages show beside the fields they are about. */
export function FaultForm({ connectionId }: { connectionId: string }) {
  const { api } = useSession()
  const notify = useToast()
  const [kind, setKind] = useState<Kind>('rate_limit')
  const [values, setValues] = useState<Record<NumberField, string>>({ count: '1', status: '500', ms: '2000' })
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
  const set = (name: NumberField) => (value: string) => setValues((v) => ({ ...v, [name]: value }))
  const submit = () =>
    add.mutate(undefined, {
      onSuccess: (f) =>
        notify('Fault added', { detail: `${f.kind} applies to this connection's next calls.` }),
    })
  return (
    <Form
      className="stack"
      save={add}
      onSubmit={submit}
      problemTitle="Could not add the fault"
      aria-label="Add a fault"
    >
      <div className="fault-form">
        <FormField
          name="kind"
          label="Fault"
          htmlFor="fault-kind"
          hint={KINDS.find((k) => k.kind === kind)?.hint}
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
        </FormField>
        {FIELDS_OF[kind].map((name) => (
          <TextField
            key={name}
            name={name}
            label={NUMBER_FIELDS[name].label}
            id={`fault-${name}`}
            hint={NUMBER_FIELDS[name].hint}
            type="number"
            value={values[name]}
            onChange={set(name)}
          />
        ))}
        <div className="actions">
          <SubmitButton icon={<Icon name="plus" />} label="Add fault" saving="Adding…" />
        </div>
      </div>
    </Form>
  )
}
