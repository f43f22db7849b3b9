import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ConfirmDialog } from '../components/dialog'
import { Icon } from '../components/icons'
import { useToast } from '../components/toast'
import {
  Badge,
  EmptyState,
  ErrorNote,
  Field,
  fieldErrors,
  Mono,
  PageHeader,
  QueryStates,
} from '../components/ui'
import { errorDetail, type Schemas, unwrap } from '../lib/api'
import { useApiMutation, useKey } from '../lib/queries'
import { useSession } from '../lib/session'

type MockRoute = Schemas['MockRoute']
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

/** Mock routes: declarative answers for a provider's API, asked before the simulation and recordings. */
export function MockRoutesPage() {
  const { api } = useSession()
  const key = useKey()
  const notify = useToast()
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [editing, setEditing] = useState<MockRoute | undefined>()
  const [deleting, setDeleting] = useState<MockRoute | undefined>()
  const list = useQuery({
    queryKey: key('mock-routes'),
    queryFn: async () => unwrap(await api.GET('/api/mock-routes')).data,
  })
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
  const toggle = useApiMutation(
    async (r: MockRoute) =>
      unwrap(
        await api.PATCH('/api/mock-routes/{id}', {
          params: { path: { id: r.id } },
          body: { enabled: !r.enabled },
        }),
      ),
    ['mock-routes'],
  )
  const remove = useApiMutation(
    async (r: MockRoute) =>
      unwrap(await api.DELETE('/api/mock-routes/{id}', { params: { path: { id: r.id } } })),
    ['mock-routes'],
  )
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }))
  const reset = () => {
    setEditing(undefined)
    setDraft(EMPTY)
    save.reset()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(draft, {
      onSuccess: (r) => {
        notify(editing ? 'Mock route saved' : 'Mock route added', { detail: `${r.method} ${r.path}` })
        reset()
      },
    })
  }
  const errors = fieldErrors(save.error)
  const known = ['provider', 'method', 'path', 'status', 'headers', 'body', 'description']
  const rows = list.data ?? []
  return (
    <>
      <PageHeader
        title="Mock routes"
        description={
          <>
            Declarative answers for a provider's API. A simulated connection's call is answered by a matching
            mock route first, then the built-in simulation, then recordings; the answer says{' '}
            <code>Switchyard-Proxy-Mode: mock</code>.
          </>
        }
      />
      <section className="card" aria-labelledby="mock-form-title">
        <div className="card-header">
          <h2 id="mock-form-title">{editing ? `Edit ${editing.id}` : 'Add a mock route'}</h2>
        </div>
        <form className="form card-body" onSubmit={submit}>
          <div className="form-row">
            <Field
              label="Provider"
              htmlFor="mock-provider"
              hint="A catalog or custom provider id."
              error={errors.provider}
            >
              <input
                id="mock-provider"
                className="input"
                placeholder="stripe"
                value={draft.provider}
                onChange={set('provider')}
                required
              />
            </Field>
            <Field label="Method" htmlFor="mock-method" error={errors.method}>
              <select id="mock-method" className="input" value={draft.method} onChange={set('method')}>
                {METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m === '*' ? '* (any)' : m}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label="Path pattern"
              htmlFor="mock-path"
              hint="Literal segments, :name parameters, a trailing * for the rest."
              error={errors.path}
            >
              <input
                id="mock-path"
                className="input mono"
                placeholder="/v1/customers/:id"
                value={draft.path}
                onChange={set('path')}
                required
              />
            </Field>
            <Field label="Status" htmlFor="mock-status" error={errors.status}>
              <input
                id="mock-status"
                className="input"
                type="number"
                min={100}
                max={599}
                value={draft.status}
                onChange={set('status')}
                required
              />
            </Field>
          </div>
          <Field
            label="Headers"
            htmlFor="mock-headers"
            hint="One “Name: value” per line."
            error={errors.headers}
          >
            <textarea
              id="mock-headers"
              className="input mono"
              rows={2}
              value={draft.headers}
              onChange={set('headers')}
            />
          </Field>
          <Field
            label="Body template"
            htmlFor="mock-body"
            hint="{{params.id}}, {{query.limit}}, {{headers.x-foo}}, {{body.email}}, {{json body.items}}, {{now}}, {{uuid}}"
            error={errors.body}
          >
            <textarea
              id="mock-body"
              className="input mono"
              rows={5}
              placeholder={'{"id":"{{params.id}}","object":"customer"}'}
              value={draft.body}
              onChange={set('body')}
            />
          </Field>
          <Field label="Description" htmlFor="mock-description" error={errors.description}>
            <input
              id="mock-description"
              className="input"
              value={draft.description}
              onChange={set('description')}
            />
          </Field>
          {save.error && !known.some((k) => errors[k]) && (
            <ErrorNote error={save.error} title="Could not save the mock route" />
          )}
          <div className="row">
            <button type="submit" className="button" disabled={save.isPending}>
              <Icon name={editing ? 'check' : 'plus'} /> {editing ? 'Save mock route' : 'Add mock route'}
            </button>
            {editing && (
              <button type="button" className="button" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="mock-list-title">
        <div className="card-header">
          <h2 id="mock-list-title">Routes</h2>
        </div>
        <div className="card-body">
          <QueryStates
            query={list}
            errorTitle="Could not load mock routes"
            isEmpty={rows.length === 0}
            empty={
              <EmptyState icon="terminal" title="No mock routes yet">
                Add one above, or with <code>switchyard mocks add PROVIDER METHOD PATH</code>.
              </EmptyState>
            }
          >
            <ul className="plain-list" aria-label="Mock routes">
              {rows.map((r) => {
                const name = `${r.provider} ${r.method} ${r.path}`
                return (
                  <li key={r.id}>
                    <div className="stack" style={{ gap: 6, flex: 1, minWidth: 0 }}>
                      <div className="row">
                        <Badge>{r.provider}</Badge>
                        <Mono>
                          {r.method} {r.path}
                        </Mono>
                        <span className="small muted">→ {r.status}</span>
                        {!r.enabled && <Badge tone="warning">disabled</Badge>}
                      </div>
                      {r.description && <p className="small muted">{r.description}</p>}
                    </div>
                    <div className="row">
                      <label className="row small">
                        <input
                          type="checkbox"
                          checked={r.enabled}
                          aria-label={`Enabled: ${name}`}
                          onChange={() =>
                            toggle.mutate(r, {
                              onError: (e) =>
                                notify('Could not change it', { tone: 'error', detail: errorDetail(e) }),
                            })
                          }
                        />
                        Enabled
                      </label>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${name}`}
                        onClick={() => {
                          setEditing(r)
                          setDraft(draftOf(r))
                          save.reset()
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Delete ${name}`}
                        onClick={() => setDeleting(r)}
                      >
                        <Icon name="trash" />
                      </button>
                    </div>
                  </li>
                )
              })}
            </ul>
          </QueryStates>
        </div>
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this mock route?"
        body={
          <p>
            Calls to <code>{deleting ? `${deleting.method} ${deleting.path}` : ''}</code> fall through to the
            simulation or recordings again.
          </p>
        }
        confirmLabel="Delete mock route"
        busy={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() =>
          remove.mutate(deleting!, {
            onSuccess: () => {
              notify('Mock route deleted')
              if (editing?.id === deleting?.id) reset()
              setDeleting(undefined)
            },
            onError: (e) => notify('Could not delete', { tone: 'error', detail: errorDetail(e) }),
          })
        }
      />
    </>
  )
}
