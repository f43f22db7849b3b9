import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { unwrap } from '../lib/api'
import { useSession } from '../lib/session'
import { Modal } from './dialog'
import { ProviderPicker } from './provider-picker'
import { ErrorNote, Field, fieldErrors } from './ui'

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
  const errors = fieldErrors(start.error)
  const reauth = props.connectionId !== undefined
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      wide
      title={reauth ? 'Re-authorize the connection' : text.title}
      description={text.description}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="connect-form"
            className="button button-primary"
            disabled={!provider || start.isPending}
          >
            {start.isPending ? 'Starting…' : text.submit}
          </button>
        </>
      }
    >
      <form
        id="connect-form"
        className="form"
        onSubmit={(e) => {
          e.preventDefault()
          start.mutate()
        }}
      >
        {reauth ? (
          <p>
            Provider <code>{provider}</code>, tenant <code>{tenant}</code>. Approving makes the connection
            active again.
          </p>
        ) : (
          <>
            <ProviderPicker value={provider} onChange={setProvider} />
            {errors.provider && <p className="field-error">{errors.provider}</p>}
            <div className="form-row">
              <Field
                label="Tenant id"
                htmlFor="connect-tenant"
                hint="Your own id for the customer this account belongs to."
                error={errors.tenant_id}
              >
                <input
                  id="connect-tenant"
                  className="input"
                  value={tenant}
                  onChange={(e) => setTenant(e.target.value)}
                  required
                  maxLength={200}
                />
              </Field>
              {kind === 'auth' && (
                <Field
                  label="Scopes (optional)"
                  htmlFor="connect-scopes"
                  hint="Separated by spaces or commas; empty uses the provider's defaults."
                  error={errors.scopes}
                >
                  <input
                    id="connect-scopes"
                    className="input"
                    value={scopes}
                    onChange={(e) => setScopes(e.target.value)}
                  />
                </Field>
              )}
            </div>
          </>
        )}
        {start.error && Object.keys(errors).length === 0 && (
          <ErrorNote error={start.error} title="Could not start the session" />
        )}
      </form>
    </Modal>
  )
}
