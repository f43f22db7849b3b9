import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { unwrap } from '../lib/api'
import { useApiMutation, useKey } from '../lib/queries'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'
import { ConfirmMutationDialog } from './confirm-mutation-dialog'
import { CopyField } from './copy'
import { Modal } from './dialog'
import { Icon } from './icons'
import { Badge, Details, Mono, QueryStates, StatusBadge, Time } from './ui'

export function InstallationDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { api } = useSession()
  const key = useKey()
  const [removing, setRemoving] = useState(false)
  const params = { path: { id } }
  const installation = useQuery({
    queryKey: key('installations', 'get', id),
    queryFn: async () => unwrap(await api.GET('/api/installations/{id}', { params })),
  })
  const remove = useApiMutation(
    async () => unwrap(await api.DELETE('/api/installations/{id}', { params })),
    ['installations', 'events'],
  )
  const i = installation.data
  return (
    <Modal
      open
      variant="drawer"
      onClose={onClose}
      title={i ? `${i.provider} · ${i.tenant_id}` : 'Installation'}
      description={<Mono>{id}</Mono>}
      footer={
        i?.status === 'active' ? (
          <button type="button" className="button button-danger" onClick={() => setRemoving(true)}>
            <Icon name="trash" /> Uninstall
          </button>
        ) : undefined
      }
    >
      <QueryStates query={installation} errorTitle="Could not load the installation">
        {i && (
          <>
            <Details
              items={[
                ['Status', <StatusBadge key="s" value={i.status} />],
                [
                  'Provider',
                  <Link key="p" to={`/ui/providers?id=${encodeURIComponent(i.provider)}`}>
                    {i.provider}
                  </Link>,
                ],
                ['Tenant', <Mono key="t">{i.tenant_id}</Mono>],
                [
                  'Mode',
                  <Badge key="m" tone={i.mode === 'real' ? 'accent' : 'neutral'}>
                    {i.mode}
                  </Badge>,
                ],
                ["Provider's id", <Mono key="x">{i.external_id}</Mono>],
                ['Provider config', i.provider_config_id && <Mono>{i.provider_config_id}</Mono>],
                ['Installed', <Time key="c" iso={i.created_at} />],
                ['Updated', <Time key="u" iso={i.updated_at} />],
              ]}
            />
            <div className="field">
              <span className="label">Installation id</span>
              <CopyField value={i.id} label="Copy the installation id" what="Installation id" />
            </div>
            <div className="row">
              <Link
                className="button button-small"
                to={`/ui/events?installation_id=${encodeURIComponent(i.id)}`}
              >
                <Icon name="activity" /> Events of this installation
              </Link>
            </div>
          </>
        )}
      </QueryStates>
      <ConfirmMutationDialog
        open={removing}
        title="Uninstall this app?"
        body={<p>The installation is revoked permanently.</p>}
        confirmLabel="Uninstall"
        mutation={remove}
        variables={undefined}
        done="Installation revoked"
        errorTitle="Could not uninstall"
        onClose={() => setRemoving(false)}
      />
    </Modal>
  )
}
