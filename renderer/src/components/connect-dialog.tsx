import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { unwrap } from '../lib/api'
import { useSession } from '../lib/session'
import { FieldMessage, FormDialog, TextField } from './form'
import { ProviderPicker } from './provider-picker'

export type FlowKind = 'auth' | 'install'

const TEXT = {
  auth: {
    title: 'Connect an account',
    description:
      'Runs an OAuth auth session. Without client credentials the built-in simulator plays the provider, offline.',
    back: '/ui/connections',
    submit: 'Continue to consent',
  },
  install: {
    title: 'Install an app',
    description:
      'Runs an install session; the simulator stands in for the provider unless the config has real credentials.',
    back: '/ui/installations',
    submit: 'Continue to install',
  },
} as const

/**
 * Creates an auth (or install) session and opens its URL in this window. The flow returns to the
 * UI through `redirect_url`, which then shows the new connection.
 */
export function ConnectDialog(props: {
  open: boolean
  onClose: () => void
  kind?: FlowKind
  provider?: string
  connectionId?: string
  tenantId?: string
}) {
  const kind = props.kind ?? 'auth'
  const text = TEXT[kind]
  const { api, baseUrl } = useSession()
  const [provider, setProvider] = useState(props.provider ?? '')
  const [tenant, setTenant] = useState(props.tenantId ?? 'tenant_1')
  const [scopes, setScopes] = useState('')
  const start = useMutation({
    mutationFn: async () => {
      const common = { provider, tenant_id: tenant.trim(), redirect_url: `${baseUrl}${text.back}` }
      return kind === 'install'
        ? unwrap(await api.POST('/install-sessions', { body: common }))
        : unwrap(
            await api.POST('/auth-sessions', {
              body: {
                ...common,
                ...(scopes.trim() && { scopes: scopes.split(/[\s,]+/).filter(Boolean) }),
                ...(props.connectionId && { connection_id: props.connectionId }),
              },
            }),
          )
    },
    onSuccess: (session) => window.location.assign(session.url),
  })
  const reauth = props.connectionId !== undefined
  if (!props.open) return null
  return (
    <FormDialog
      id="connect-form"
      wide
      onClose={props.onClose}
      title={reauth ? 'Re-authorize the connection' : text.title}
      description={text.description}
      save={start}
      onSubmit={() => start.mutate()}
      problemTitle="Could not start the session"
      submitLabel={text.submit}
      savingLabel="Starting…"
      incomplete={!provider}
    >
      {reauth ? (
        <p>
          Provider <code>{provider}</code>, tenant <code>{tenant}</code>. Approving makes the connection
          active again.
        </p>
      ) : (
        <>
          <ProviderPicker value={provider} onChange={setProvider} />
          <FieldMessage name="provider" />
          <div className="form-row">
            <TextField
              name="tenant_id"
              label="Tenant id"
              id="connect-tenant"
              hint="Your own id for the customer this account belongs to."
              value={tenant}
              onChange={setTenant}
              required
              maxLength={200}
            />
            {kind === 'auth' && (
              <TextField
                name="scopes"
                label="Scopes (optional)"
                id="connect-scopes"
                hint="Separated by spaces or commas; empty uses the provider's defaults."
                value={scopes}
                onChange={setScopes}
              />
            )}
          </div>
        </>
      )}
    </FormDialog>
  )
}
