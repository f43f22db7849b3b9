import { useState } from 'react'
import { type Schemas, unwrap } from '../lib/api'
import { useApiMutation } from '../lib/queries'
import { useSession } from '../lib/session'
import { Form, FormField, SubmitButton, TextField } from './form'
import { Icon } from './icons'
import { useToast } from './toast'

export type MockRoute = Schemas['MockRoute']
type Method = Schemas['MockMethod']
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', '*']

interface Draft {
  provider: string
  method: Method
  path: string
  status: string
  headers: string
  body: string
  description: string
}
const EMPTY: Draft = {
  provider: '',
  method: 'GET',
  path: '',
  status: '200',
  headers: 'content-type: application/json',
  body: '',
  description: '',
}
const draftOf = (r: MockRoute): Draft => ({
  provider: r.provider,
  method: r.method,
  path: r.path,
  status: String(r.status),
  headers: Object.entries(r.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n'),
  body: r.body,
  description: r.description ?? '',
})
/** One `Name: value` per line; the server checks names and values (and says which is wrong). */
const headersOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(':')
        return colon > 0 ? [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] : [line, '']
      }),
  )

/**
 * Adds a mock route, or edits `editing` (mount it with a key per route so the draft starts from it).
 * The server validates; a bad field's problem is shown next to that field.
 */
export function MockRouteForm(props: { editing?: MockRoute | undefined; onDone: () => void }) {
  const { editing } = props
  const { api } = useSession()
  const notify = useToast()
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY)
  const save = useApiMutation(
    async (d: Draft) => {
      const fields = {
        provider: d.provider.trim(),
        method: d.method,
        path: d.path.trim(),
        status: Number(d.status),
        headers: headersOf(d.headers),
        body: d.body,
        description: d.description.trim() || null,
      }
      return editing
        ? unwrap(
            await api.PATCH('/api/mock-routes/{id}', { params: { path: { id: editing.id } }, body: fields }),
          )
        : unwrap(await api.POST('/api/mock-routes', { body: fields }))
    },
    ['mock-routes'],
  )
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }))
  const submit = () =>
    save.mutate(draft, {
      onSuccess: (r) => {
        notify(editing ? 'Mock route saved' : 'Mock route added', { detail: `${r.method} ${r.path}` })
        setDraft(EMPTY)
        props.onDone()
      },
    })
  return (
    <section className="card" aria-labelledby="mock-form-title">
      <div className="card-header">
        <h2 id="mock-form-title">{editing ? `Edit ${editing.id}` : 'Add a mock route'}</h2>
      </div>
      <Form
        className="form card-body"
        save={save}
        onSubmit={submit}
        problemTitle="Could not save the mock route"
      >
        <div className="form-row">
          <TextField
            name="provider"
            label="Provider"
            id="mock-provider"
            hint="A catalog or custom provider id."
            placeholder="stripe"
            value={draft.provider}
            onChange={set('provider')}
            required
          />
          <FormField name="method" label="Method" htmlFor="mock-method">
            <select
              id="mock-method"
              className="input"
              value={draft.method}
              onChange={(e) => set('method')(e.target.value)}
            >
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {m === '*' ? '* (any)' : m}
                </option>
              ))}
            </select>
          </FormField>
          <TextField
            name="path"
            label="Path pattern"
            id="mock-path"
            hint="Literal segments, :name parameters, a trailing * for the rest."
            mono
            placeholder="/v1/customers/:id"
            value={draft.path}
            onChange={set('path')}
            required
          />
          <TextField
            name="status"
            label="Status"
            id="mock-status"
            type="number"
            min={200}
            max={599}
            value={draft.status}
            onChange={set('status')}
            required
          />
        </div>
        <TextField
          name="headers"
          label="Headers"
          id="mock-headers"
          hint="One “Name: value” per line."
          mono
          rows={2}
          value={draft.headers}
          onChange={set('headers')}
        />
        <TextField
          name="body"
          label="Body template"
          id="mock-body"
          hint="{{params.id}}, {{query.limit}}, {{headers.x-foo}}, {{body.email}}, {{json body.items}}, {{now}}, {{uuid}}"
          mono
          rows={5}
          placeholder={'{"id":"{{params.id}}","object":"customer"}'}
          value={draft.body}
          onChange={set('body')}
        />
        <TextField
          name="description"
          label="Description"
          id="mock-description"
          value={draft.description}
          onChange={set('description')}
        />
        <div className="row">
          <SubmitButton
            icon={<Icon name={editing ? 'check' : 'plus'} />}
            label={editing ? 'Save mock route' : 'Add mock route'}
            saving="Saving…"
          />
          {editing && (
            <button type="button" className="button" onClick={props.onDone}>
              Cancel
            </button>
          )}
        </div>
      </Form>
    </section>
  )
}
