import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { errorDetail, unwrap } from '../lib/api'
import { useApiMutation, useKey } from '../lib/queries'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'
import { ApiPanel } from './api-panel'
import { ConfirmMutationDialog } from './confirm-mutation-dialog'
import { ConnectDialog } from './connect-dialog'
import { CopyField } from './copy'
import { Modal } from './dialog'
import { Icon } from './icons'
import { SimulatedConnection } from './simulation/simulated-connection'
import { useToast } from './toast'
import { Badge, Details, Mono, QueryStates, StatusBadge, Time } from './ui'

/** `key: value` lines for an object of facts, or nothing when it is empty. */
const pairs = (values: Record<string, string | number | boolean> | undefined) => {
  const entries = Object.entries(values ?? {})
  if (!entries.length) return undefined
  return (
    <span className="stack" style={{ gap: 2 }}>
      {entries.map(([k, v]) => (
        <span key={k}>
          {k}: <Mono>{String(v)}</Mono>
        </span>
      ))}
    </span>
  )
}

/** A connection's details and what can be done with it: refresh, re-authorize, revoke. */
export function ConnectionDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { api } = useSession()
  const key = useKey()
  const notify = useToast()
  const [revoking, setRevoking] = useState(false)
  const [reauth, setReauth] = useState(false)
  const params = { path: { id } }
  const connection = useQuery({
    queryKey: key('connections', 'get', id),
    queryFn: async () => unwrap(await api.GET('/api/connections/{id}', { params })),
  })
  const refresh = useApiMutation(
    async (simulate?: 'error') =>
      unwrap(
        await api.POST('/api/connections/{id}/refresh', {
          params: { ...params, ...(simulate && { query: { simulate } }) },
        }),
      ),
    ['connections', 'events'],
  )
  const revoke = useApiMutation(
    async () => unwrap(await api.DELETE('/api/connections/{id}', { params })),
    ['connections', 'events'],
  )

  const onRefresh = (simulate?: 'error') =>
    refresh.mutate(simulate, {
      onSuccess: (c) =>
        c.status === 'active'
          ? notify('Tokens refreshed', { detail: 'The connection is active.' })
          : notify('Refresh failed', {
              tone: 'error',
              detail: c.status_reason ?? 'The connection needs re-authorization.',
            }),
      onError: (e) => notify('Refresh failed', { tone: 'error', detail: errorDetail(e) }),
    })

  const c = connection.data
  return (
    <Modal
      open
      variant="drawer"
      onClose={onClose}
      title={c ? `${c.provider} · ${c.tenant_id}` : 'Connection'}
      description={<Mono>{id}</Mono>}
      footer={
        c && c.status !== 'revoked' ? (
          <>
            <button type="button" className="button button-danger" onClick={() => setRevoking(true)}>
              <Icon name="trash" /> Revoke
            </button>
            <span className="spacer" />
            {c.status === 'needs_reauth' && (
              <button type="button" className="button button-primary" onClick={() => setReauth(true)}>
                Re-authorize
              </button>
            )}
            <button type="button" className="button" onClick={() => onRefresh()} disabled={refresh.isPending}>
              <Icon name="refresh" /> {refresh.isPending ? 'Refreshing…' : 'Refresh tokens'}
            </button>
          </>
        ) : undefined
      }
    >
      <QueryStates query={connection} errorTitle="Could not load the connection">
        {c && (
          <>
            {c.status === 'needs_reauth' && (
              <div className="callout callout-warning">
                <strong>This connection needs re-authorization.</strong>
                <p>
                  Its tokens stopped working (the reason is below). Re-authorize it to make it active again.
                </p>
              </div>
            )}
            <Details
              items={[
                ['Status', <StatusBadge key="s" value={c.status} />],
                ['Reason', c.status_reason],
                [
                  'Provider',
                  <Link key="p" to={`/ui/providers?id=${encodeURIComponent(c.provider)}`}>
                    {c.provider}
                  </Link>,
                ],
                ['Tenant', <Mono key="t">{c.tenant_id}</Mono>],
                [
                  'Mode',
                  <Badge key="m" tone={c.mode === 'real' ? 'accent' : 'neutral'}>
                    {c.mode}
                  </Badge>,
                ],
                [
                  'Scopes',
                  c.scopes.length ? (
                    <span key="sc" className="row">
                      {c.scopes.map((s) => (
                        <Badge key={s}>{s}</Badge>
                      ))}
                    </span>
                  ) : (
                    'none'
                  ),
                ],
                ['Provider config', c.provider_config_id && <Mono>{c.provider_config_id}</Mono>],
                ['Params', pairs(c.params)],
                ['Metadata', pairs(c.metadata)],
                ['Created', <Time key="c" iso={c.created_at} />],
                ['Last refreshed', <Time key="r" iso={c.last_refreshed_at} />],
                ['Token expires', <Time key="e" iso={c.token_expires_at} />],
              ]}
            />
            <div className="field">
              <span className="label">Connection id</span>
              <CopyField value={c.id} label="Copy the connection id" what="Connection id" />
            </div>
            <div className="row">
              <Link
                className="button button-small"
                to={`/ui/events?connection_id=${encodeURIComponent(c.id)}`}
              >
                <Icon name="activity" /> Events of this connection
              </Link>
              {c.mode === 'simulated' && c.status === 'active' && (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => onRefresh('error')}
                  disabled={refresh.isPending}
                >
                  Simulate a failed refresh
                </button>
              )}
            </div>
            {c.mode === 'simulated' ? (
              <SimulatedConnection connectionId={c.id} active={c.status === 'active'} />
            ) : (
              c.status === 'active' && <ApiPanel connectionId={c.id} />
            )}
          </>
        )}
      </QueryStates>
      <ConfirmMutationDialog
        open={revoking}
        title="Revoke this connection?"
        body={
          <p>The gateway forgets its tokens and the connection cannot be used again. This is permanent.</p>
        }
        confirmLabel="Revoke connection"
        mutation={revoke}
        variables={undefined}
        done="Connection revoked"
        errorTitle="Could not revoke"
        onClose={() => setRevoking(false)}
      />
      {reauth && c && (
        <ConnectDialog
          open
          onClose={() => setReauth(false)}
          provider={c.provider}
          tenantId={c.tenant_id}
          connectionId={c.id}
        />
      )}
    </Modal>
  )
}
