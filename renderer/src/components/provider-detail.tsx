import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { unwrap } from '../lib/api'
import { AUTH_LABELS, useCategories } from '../lib/catalog'
import { useApiMutation, useKey } from '../lib/queries'
import { Link, navigate } from '../lib/router'
import { useSession } from '../lib/session'
import { ConfirmMutationDialog } from './confirm-mutation-dialog'
import { ConnectDialog } from './connect-dialog'
import { CopyField } from './copy'
import { CustomProviderDialog } from './custom-provider-dialog'
import { Modal } from './dialog'
import { Icon } from './icons'
import { ConnectRequirements } from './provider-requirements'
import { Badge, Details, Mono, QueryStates } from './ui'

/** A provider: what it is, how it authenticates and signs webhooks, and what to do next. */
export function ProviderDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { api, baseUrl } = useSession()
  const key = useKey()
  const categories = useCategories()
  const [connecting, setConnecting] = useState(false)
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const provider = useQuery({
    queryKey: key('providers', 'get', id),
    queryFn: async () => unwrap(await api.GET('/providers/{id}', { params: { path: { id } } })),
  })
  const remove = useApiMutation(
    async () => unwrap(await api.DELETE('/api/providers/{id}', { params: { path: { id } } })),
    ['providers'],
  )
  const p = provider.data
  const names = new Map((categories.data ?? []).map((c) => [c.id, c.name]))
  const auth = p?.auth as (Record<string, unknown> & { type: string }) | undefined
  const url = (k: string) => (typeof auth?.[k] === 'string' ? (auth[k] as string) : undefined)

  return (
    <Modal
      open
      variant="drawer"
      onClose={onClose}
      title={p?.name ?? 'Provider'}
      description={<Mono>{id}</Mono>}
      footer={
        p && (
          <>
            {p.custom && (
              <>
                <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
                  <Icon name="trash" /> Delete
                </button>
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  Edit
                </button>
              </>
            )}
            <span className="spacer" />
            <button
              type="button"
              className="button"
              onClick={() => navigate(`/ui/provider-configs?new=${encodeURIComponent(p.id)}`)}
            >
              <Icon name="sliders" /> Configure
            </button>
            <button type="button" className="button button-primary" onClick={() => setConnecting(true)}>
              <Icon name="link" /> Connect an account
            </button>
          </>
        )
      }
    >
      <QueryStates query={provider} errorTitle="Could not load the provider">
        {p && (
          <>
            <div className="row">
              <img src={p.logo_url} alt="" className="logo logo-lg" />
              <div className="stack" style={{ gap: 4, flex: 1 }}>
                <p>{p.description}</p>
                <div className="row">
                  {p.custom && <Badge tone="accent">custom</Badge>}
                  {p.simulation && <Badge tone="info">simulated offline</Badge>}
                  {p.tags.map((t) => (
                    <Badge key={t}>{t}</Badge>
                  ))}
                </div>
              </div>
            </div>
            <Details
              items={[
                ['Categories', p.categories.map((c) => names.get(c) ?? c).join(', ')],
                ['Authentication', AUTH_LABELS[p.auth_type] ?? p.auth_type],
                ['Authorization URL', url('authorization_url') && <Mono>{url('authorization_url')}</Mono>],
                ['Token URL', url('token_url') && <Mono>{url('token_url')}</Mono>],
                ['Install URL', url('install_url') && <Mono>{url('install_url')}</Mono>],
                [
                  'Default scopes',
                  Array.isArray(auth?.scopes) && auth.scopes.length
                    ? (auth.scopes as string[]).join(' ')
                    : undefined,
                ],
                [
                  'Simulated operations',
                  p.simulation && (
                    <details>
                      <summary>{p.simulation.operations.length} operations answered offline</summary>
                      <ul className="plain-list">
                        {p.simulation.operations.map((o) => (
                          <li key={o}>
                            <Mono>{o}</Mono>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ),
                ],
                ['Webhook signatures', p.webhooks?.signature ?? 'not signed'],
                ['Webhook handshake', p.webhooks?.handshake ?? undefined],
                [
                  'Documentation',
                  p.docs_url && (
                    <a href={p.docs_url} target="_blank" rel="noreferrer">
                      {new URL(p.docs_url).host} <Icon name="external" />
                    </a>
                  ),
                ],
              ]}
            />
            <ConnectRequirements provider={p} />
            <div className="field">
              <span className="label">Webhook URL for this provider</span>
              <CopyField
                value={`${baseUrl}/webhooks/${p.id}`}
                label="Copy the webhook URL"
                what="Webhook URL"
              />
              <p className="hint">
                Point {p.name}'s webhooks here (through a tunnel if it runs in the cloud). Captures appear
                under <Link to={`/ui/events?provider=${encodeURIComponent(p.id)}`}>Events</Link>.
              </p>
            </div>
          </>
        )}
      </QueryStates>
      {connecting && p && <ConnectDialog open provider={p.id} onClose={() => setConnecting(false)} />}
      {editing && p && <CustomProviderDialog existing={p} onClose={() => setEditing(false)} />}
      <ConfirmMutationDialog
        open={deleting}
        title={`Delete ${p?.name ?? 'this provider'}?`}
        body={<p>The custom provider disappears from the catalog of this workspace.</p>}
        confirmLabel="Delete provider"
        mutation={remove}
        variables={undefined}
        done="Provider deleted"
        errorTitle="Could not delete"
        onDone={onClose}
        onClose={() => setDeleting(false)}
      />
    </Modal>
  )
}
