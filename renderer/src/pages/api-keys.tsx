import { useMemo, useState } from 'react'
import { ConfirmMutationDialog } from '../components/confirm-mutation-dialog'
import { CopyField } from '../components/copy'
import { columnsFor, DataTable } from '../components/data-table'
import { Modal } from '../components/dialog'
import { SelectFilter } from '../components/filter-controls'
import { Form, FormField, TextField } from '../components/form'
import { Icon } from '../components/icons'
import { PagedList, rowsOf } from '../components/list-footer'
import { Badge, EmptyState, Mono, PageHeader, StatusBadge, Time } from '../components/ui'
import { type Schemas, unwrap } from '../lib/api'
import { useApiMutation, useSearchList } from '../lib/queries'
import { useSession } from '../lib/session'

type ApiKey = Schemas['ApiKey']

const col = columnsFor<ApiKey>()

export function ApiKeysPage() {
  const { api } = useSession()
  const [status, setStatus] = useState<'active' | 'revoked' | ''>('active')
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiKey | undefined>()
  const body = useMemo(() => (status ? { filter: { status: { eq: status } } } : {}), [status])
  const list = useSearchList('/api/api-keys/search', body)
  const revoke = useApiMutation(
    async (key: ApiKey) =>
      unwrap(await api.DELETE('/api/api-keys/{id}', { params: { path: { id: key.id } } })),
    ['api-keys'],
  )

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Name',
        cell: (c) => (
          <div>
            <div className="strong">{c.getValue()}</div>
            <code className="mono muted small">{c.row.original.id}</code>
          </div>
        ),
      }),
      col.accessor('role', {
        header: 'Role',
        cell: (c) => <Badge tone={c.getValue() === 'secret' ? 'accent' : 'info'}>{c.getValue()}</Badge>,
      }),
      col.accessor('prefix', { header: 'Key', cell: (c) => <Mono>{c.getValue()}…</Mono> }),
      col.accessor('status', { header: 'Status', cell: (c) => <StatusBadge value={c.getValue()} /> }),
      col.accessor('created_at', { header: 'Created', cell: (c) => <Time iso={c.getValue()} /> }),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: (c) =>
          c.row.original.status === 'active' ? (
            <div className="cell-actions">
              <button
                type="button"
                className="button button-small"
                onClick={() => setRevoking(c.row.original)}
                aria-label={`Revoke ${c.row.original.name}`}
              >
                Revoke
              </button>
            </div>
          ) : (
            <span className="muted">
              revoked <Time iso={c.row.original.revoked_at} />
            </span>
          ),
      }),
    ],
    [],
  )

  const rows = rowsOf(list.data)
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Secret keys (<code>sk_…</code>) call the whole API from your server. Publishable keys (
            <code>pk_…</code>) may only create auth and install sessions, so they can live in client code. A
            key is shown once, when it is created.
          </>
        }
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            <Icon name="plus" /> Create key
          </button>
        }
      />
      <section className="card" aria-label="API keys">
        <div className="toolbar">
          <SelectFilter
            id="key-status"
            label="Status"
            value={status}
            onChange={(value) => setStatus(value as typeof status)}
            options={[
              ['active', 'Active'],
              ['revoked', 'Revoked'],
              ['', 'All'],
            ]}
          />
        </div>
        <PagedList
          list={list}
          noun="keys"
          errorTitle="Could not load the keys"
          empty={
            <EmptyState
              icon="key"
              title={status === 'revoked' ? 'No revoked keys' : 'No keys yet'}
              action={
                <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
                  <Icon name="plus" /> Create a key
                </button>
              }
            >
              Create a secret key for your server and a publishable key for your front end, then point the SDK
              at this gateway.
            </EmptyState>
          }
        >
          <DataTable
            caption="API keys of this workspace"
            columns={columns}
            data={rows}
            getRowId={(k) => k.id}
          />
        </PagedList>
      </section>
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmMutationDialog
        open={revoking !== undefined}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        body={
          <p>
            Requests with this key are rejected from the next one on, and revoking cannot be undone. Anything
            still using <code>{revoking?.prefix}…</code> stops working.
          </p>
        }
        confirmLabel="Revoke key"
        mutation={revoke}
        variables={revoking!}
        done="Key revoked"
        doneDetail={`${revoking?.name} can no longer be used.`}
        errorTitle="Could not revoke the key"
        onClose={() => setRevoking(undefined)}
      />
    </>
  )
}

function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api } = useSession()
  const [name, setName] = useState('')
  const [role, setRole] = useState<'secret' | 'publishable'>('secret')
  const create = useApiMutation(
    async (input: Schemas['CreateApiKey']) => unwrap(await api.POST('/api/api-keys', { body: input })),
    ['api-keys'],
  )
  const close = () => {
    setName('')
    setRole('secret')
    create.reset()
    onClose()
  }
  const created = create.data
  return (
    <Modal
      open={open}
      onClose={close}
      title={created ? 'Copy your new key' : 'Create an API key'}
      description={
        created ? 'This is the only time the full key is shown.' : 'Give it a name you will recognise later.'
      }
      footer={
        created ? (
          // Mounts while the dialog is open, so React's autoFocus works here.
          // biome-ignore lint/a11y/noAutofocus: moves focus to the one action left once the form is gone.
          <button type="button" className="button button-primary" onClick={close} autoFocus>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
            <button
              type="submit"
              form="create-key"
              className="button button-primary"
              disabled={create.isPending}
            >
              {create.isPending ? 'Creating…' : 'Create key'}
            </button>
          </>
        )
      }
    >
      {created ? (
        <div className="stack">
          <div className="callout callout-warning">
            <strong>Store it somewhere safe now.</strong>
            <p>
              Only a hash is kept, so the key cannot be shown again. If you lose it, revoke it and create
              another.
            </p>
          </div>
          <div className="field">
            <span className="label">
              {created.name}{' '}
              <Badge tone={created.role === 'secret' ? 'accent' : 'info'}>{created.role}</Badge>
            </span>
            <CopyField value={created.key} label="Copy the new key" what="Key" secret />
          </div>
        </div>
      ) : (
        <Form
          id="create-key"
          save={create}
          onSubmit={() => create.mutate({ name: name.trim(), role })}
          problemTitle="Could not create the key"
        >
          <TextField
            name="name"
            label="Name"
            id="key-name"
            hint="For example “Backend (staging)”."
            value={name}
            onChange={setName}
            required
            maxLength={100}
            autofocus
          />
          <FormField
            name="role"
            label="Role"
            htmlFor="key-role"
            hint={
              role === 'secret'
                ? 'Full API access. Keep it on your server.'
                : 'Only creates auth and install sessions; safe in a browser.'
            }
          >
            <select
              id="key-role"
              className="select"
              value={role}
              onChange={(e) => setRole(e.target.value as typeof role)}
            >
              <option value="secret">Secret (sk_…)</option>
              <option value="publishable">Publishable (pk_…)</option>
            </select>
          </FormField>
        </Form>
      )}
    </Modal>
  )
}
