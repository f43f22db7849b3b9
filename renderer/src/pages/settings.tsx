import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Form, FormField, SubmitButton, TextField } from '../components/form'
import { Icon } from '../components/icons'
import { RedirectOriginsCard } from '../components/settings-redirect-origins'
import { SyncCard } from '../components/settings-sync'
import { useToast } from '../components/toast'
import { Mono, PageHeader, Time } from '../components/ui'
import { WebhookEndpoints } from '../components/webhook-endpoints'
import { type Schemas, unwrap } from '../lib/api'
import { formatNumber } from '../lib/format'
import { isTargetUrl, useForwardTargets } from '../lib/forward-targets'
import { useWorkspaces } from '../lib/queries'
import { useSession } from '../lib/session'

export function SettingsPage() {
  const { workspace } = useSession()
  const workspaces = useWorkspaces()
  const current = workspaces.data?.find((w) => w.name === workspace)
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          <>
            Settings of workspace <strong>{workspace}</strong> and of this gateway.
          </>
        }
      />
      {current && <WorkspaceCard workspace={current} />}
      <RedirectOriginsCard />
      <ForwardingTargets />
      <WebhookEndpoints />
      <SyncCard />
      <NewWorkspace />
    </>
  )
}

function WorkspaceCard({ workspace }: { workspace: Schemas['Workspace'] }) {
  const { api } = useSession()
  const notify = useToast()
  const client = useQueryClient()
  const [tier, setTier] = useState(workspace.tier)
  const [rpm, setRpm] = useState(String(workspace.rpm))
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/api/admin/workspaces/{name}', {
          params: { path: { name: workspace.name } },
          body: { tier, ...(tier === 'enterprise' && rpm && { rpm: Number(rpm) }) },
        }),
      ),
    onSuccess: async (w) => {
      notify('Tier changed', {
        detail: `${w.name}: ${w.tier}, ${formatNumber(w.rpm)} requests a minute — in effect now.`,
      })
      await client.invalidateQueries({ queryKey: ['admin', 'workspaces'] })
    },
  })
  return (
    <section className="card" aria-labelledby="ws-title">
      <div className="card-header">
        <div>
          <h2 id="ws-title">Workspace and tier</h2>
          <p className="muted">
            The tier sets the rate limit: free 60, pro 600 requests a minute, enterprise a custom number. The
            UI itself is never limited.
          </p>
        </div>
      </div>
      <Form
        className="card-body form"
        save={save}
        onSubmit={() => save.mutate()}
        problemTitle="Could not change the tier"
      >
        <dl className="details">
          <div>
            <dt>Name</dt>
            <dd>
              <Mono>{workspace.name}</Mono>
            </dd>
          </div>
          <div>
            <dt>Id</dt>
            <dd>
              <Mono>{workspace.id}</Mono>
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <Time iso={workspace.created_at} />
            </dd>
          </div>
        </dl>
        <div className="form-row">
          <FormField name="tier" label="Tier" htmlFor="ws-tier">
            <select
              id="ws-tier"
              className="select"
              value={tier}
              onChange={(e) => setTier(e.target.value as Schemas['Workspace']['tier'])}
            >
              <option value="free">Free — 60 requests a minute</option>
              <option value="pro">Pro — 600 requests a minute</option>
              <option value="enterprise">Enterprise — custom</option>
            </select>
          </FormField>
          {tier === 'enterprise' && (
            <TextField
              name="rpm"
              label="Requests a minute"
              id="ws-rpm"
              type="number"
              min={1}
              max={1000000}
              value={rpm}
              onChange={setRpm}
            />
          )}
        </div>
        <div>
          <SubmitButton label="Save tier" saving="Saving…" primary />
        </div>
      </Form>
    </section>
  )
}

function ForwardingTargets() {
  const { targets, add, remove } = useForwardTargets()
  const [url, setUrl] = useState('')
  const valid = isTargetUrl(url.trim())
  return (
    <section className="card" aria-labelledby="fwd-title">
      <div className="card-header">
        <div>
          <h2 id="fwd-title">Forwarding targets</h2>
          <p className="muted">
            Your app's webhook handlers, offered when you forward or replay an event. Saved in this browser.
            To forward every new capture automatically, run{' '}
            <code>switchyard listen --forward-to &lt;url&gt;</code>.
          </p>
        </div>
      </div>
      <div className="card-body stack">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault()
            if (valid) {
              add(url.trim())
              setUrl('')
            }
          }}
        >
          <label htmlFor="fwd-url" className="sr-only">
            Target URL
          </label>
          <input
            id="fwd-url"
            className="input grow"
            placeholder="http://127.0.0.1:3000/webhooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" className="button" disabled={!valid}>
            <Icon name="plus" /> Add target
          </button>
        </form>
        {targets.length === 0 ? (
          <p className="muted">No targets yet.</p>
        ) : (
          <ul className="plain-list">
            {targets.map((t) => (
              <li key={t}>
                <Mono>{t}</Mono>
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => remove(t)}
                  aria-label={`Remove ${t}`}
                >
                  <Icon name="x" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function NewWorkspace() {
  const { api, setWorkspace } = useSession()
  const notify = useToast()
  const client = useQueryClient()
  const [name, setName] = useState('')
  const create = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/admin/workspaces', { body: { name: name.trim(), tier: 'free' } })),
    onSuccess: async (w) => {
      notify('Workspace created', { detail: `Switched to ${w.name}. Create its API keys next.` })
      await client.invalidateQueries({ queryKey: ['admin', 'workspaces'] })
      setName('')
      setWorkspace(w.name)
    },
  })
  return (
    <section className="card" aria-labelledby="new-ws-title">
      <div className="card-header">
        <div>
          <h2 id="new-ws-title">New workspace</h2>
          <p className="muted">
            Workspaces keep keys, connections and events apart, like separate accounts of the hosted service.
          </p>
        </div>
      </div>
      <Form
        className="card-body form narrow"
        save={create}
        onSubmit={() => create.mutate()}
        problemTitle="Could not create the workspace"
      >
        <TextField
          name="name"
          label="Name"
          id="new-ws-name"
          hint="Lowercase letters, digits, “-” and “_”."
          value={name}
          onChange={setName}
          required
          maxLength={63}
        />
        <div>
          <SubmitButton
            label="Create workspace"
            saving="Creating…"
            icon={<Icon name="plus" />}
            disabled={!name.trim()}
          />
        </div>
      </Form>
    </section>
  )
}
