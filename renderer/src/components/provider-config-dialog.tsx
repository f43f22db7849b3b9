import { useState } from 'react'
import { type Schemas, unwrap } from '../lib/api'
import { useApiMutation } from '../lib/queries'
import { useSession } from '../lib/session'
import { FieldMessage, FormDialog, FormField, TextField } from './form'
import { ProviderPicker } from './provider-picker'
import { SignatureSchemeSelect } from './signature-scheme-select'
import { useToast } from './toast'

// The form's selects offer exactly these values, as strings.
type Signature = Schemas['ProviderConfig']['webhook_signature']
type AuthMethod = Schemas['ProviderConfig']['token_endpoint_auth_method']

/**
 * Creates or edits a provider config. Secrets are write-only: the form shows whether one is set,
 * and a blank secret field leaves the stored one unchanged.
 */
export function ProviderConfigDialog(props: {
  existing?: Schemas['ProviderConfig'] | undefined
  provider?: string | undefined
  onClose: () => void
}) {
  const { api } = useSession()
  const notify = useToast()
  const e = props.existing
  const [provider, setProvider] = useState(e?.provider ?? props.provider ?? '')
  const [form, setForm] = useState({
    name: e?.name ?? '',
    clientId: e?.client_id ?? '',
    clientSecret: '',
    scopes: e?.scopes?.join(' ') ?? '',
    webhookSecret: '',
    signature: e?.webhook_signature ?? '',
    authMethod: e?.token_endpoint_auth_method ?? '',
    authorizationParams: new URLSearchParams(e?.authorization_params ?? {}).toString(),
    apiBaseUrl: e?.api_base_url ?? '',
  })
  const [clear, setClear] = useState({ clientSecret: false, webhookSecret: false })
  const set = (k: keyof typeof form) => (ev: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: ev.target.value }))
  const setText = (k: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [k]: value }))
  const scopes = form.scopes.split(/[\s,]+/).filter(Boolean)
  // Typed as a query string (`audience=api.atlassian.com&prompt=consent`), the way they are sent.
  const authorizationParams = Object.fromEntries(new URLSearchParams(form.authorizationParams.trim()))
  const hasParams = Object.keys(authorizationParams).length > 0

  const save = useApiMutation(async () => {
    if (!e) {
      return unwrap(
        await api.POST('/api/provider-configs', {
          body: {
            provider,
            ...(form.name.trim() && { name: form.name.trim() }),
            ...(form.clientId.trim() && { client_id: form.clientId.trim() }),
            ...(form.clientSecret && { client_secret: form.clientSecret }),
            ...(scopes.length && { scopes }),
            ...(form.webhookSecret && { webhook_secret: form.webhookSecret }),
            ...(form.signature && { webhook_signature: form.signature as Signature }),
            ...(form.authMethod && { token_endpoint_auth_method: form.authMethod as AuthMethod }),
            ...(hasParams && { authorization_params: authorizationParams }),
            ...(form.apiBaseUrl.trim() && { api_base_url: form.apiBaseUrl.trim() }),
          },
        }),
      )
    }
    return unwrap(
      await api.PATCH('/api/provider-configs/{id}', {
        params: { path: { id: e.id } },
        body: {
          ...(form.name.trim() && { name: form.name.trim() }),
          client_id: form.clientId.trim() || null,
          ...(form.clientSecret
            ? { client_secret: form.clientSecret }
            : clear.clientSecret && { client_secret: null }),
          scopes: scopes.length ? scopes : null,
          ...(form.webhookSecret
            ? { webhook_secret: form.webhookSecret }
            : clear.webhookSecret && { webhook_secret: null }),
          webhook_signature: (form.signature || null) as Signature,
          token_endpoint_auth_method: (form.authMethod || null) as AuthMethod,
          authorization_params: hasParams ? authorizationParams : null,
          api_base_url: form.apiBaseUrl.trim() || null,
        },
      }),
    )
  }, ['provider-configs'])
  const secretField = (
    kind: 'clientSecret' | 'webhookSecret',
    label: string,
    isSet: boolean | undefined,
    hint: string,
  ) => (
    <FormField
      name={kind === 'clientSecret' ? 'client_secret' : 'webhook_secret'}
      label={label}
      htmlFor={`pc-${kind}`}
      hint={isSet ? 'A secret is stored. Type a new one to replace it.' : hint}
    >
      <input
        id={`pc-${kind}`}
        className="input"
        type="password"
        autoComplete="off"
        value={form[kind]}
        onChange={set(kind)}
        placeholder={isSet ? '•••••••• (stored)' : ''}
      />
      {isSet && (
        <label className="checkbox small">
          <input
            type="checkbox"
            checked={clear[kind]}
            onChange={(ev) => setClear((c) => ({ ...c, [kind]: ev.target.checked }))}
          />{' '}
          Remove the stored secret
        </label>
      )}
    </FormField>
  )

  return (
    <FormDialog
      id="provider-config"
      wide
      onClose={props.onClose}
      title={e ? `Edit ${e.name}` : 'New provider config'}
      description="Secrets are encrypted at rest and never shown again."
      save={save}
      incomplete={!provider}
      submitLabel={e ? 'Save changes' : 'Create config'}
      problemTitle="Could not save the config"
      onSubmit={() =>
        save.mutate(undefined, {
          onSuccess: (c) => {
            notify(e ? 'Config saved' : 'Config created', {
              detail: `${c.name}: ${c.mode === 'real' ? 'real OAuth' : 'simulated'}`,
            })
            props.onClose()
          },
        })
      }
    >
      {e ? (
        <p>
          Provider <code>{e.provider}</code> · <code>{e.id}</code>
        </p>
      ) : (
        <>
          <ProviderPicker value={provider} onChange={setProvider} />
          <FieldMessage name="provider" />
        </>
      )}
      <TextField
        name="name"
        label="Name"
        id="pc-name"
        hint="Optional; defaults to the provider's name."
        value={form.name}
        onChange={setText('name')}
        maxLength={100}
      />
      <div className="form-row">
        <TextField
          name="client_id"
          label="Client id"
          id="pc-client-id"
          hint="From the provider's developer console."
          value={form.clientId}
          onChange={setText('clientId')}
          autoComplete="off"
        />
        {secretField(
          'clientSecret',
          'Client secret',
          e?.client_secret_set,
          'With the client id, switches connect flows to real OAuth.',
        )}
      </div>
      <TextField
        name="scopes"
        label="Scopes"
        id="pc-scopes"
        hint="Separated by spaces; empty uses the provider's defaults."
        value={form.scopes}
        onChange={setText('scopes')}
      />
      <div className="form-row">
        <FormField
          name="token_endpoint_auth_method"
          label="Token endpoint authentication"
          htmlFor="pc-auth-method"
          hint="Empty uses the provider's own method; “none” is a public client (PKCE, no secret)."
        >
          <select id="pc-auth-method" className="input" value={form.authMethod} onChange={set('authMethod')}>
            <option value="">Provider default</option>
            <option value="client_secret_basic">HTTP Basic (client_secret_basic)</option>
            <option value="client_secret_post">In the form body (client_secret_post)</option>
            <option value="none">None: public client (none)</option>
          </select>
        </FormField>
        <TextField
          name="authorization_params"
          label="Extra authorization parameters"
          id="pc-authorization-params"
          hint="Added to the provider's, as a query string: prompt=consent&access_type=offline."
          value={form.authorizationParams}
          onChange={setText('authorizationParams')}
        />
      </div>
      <TextField
        name="api_base_url"
        label="API base URL"
        id="pc-api-base-url"
        hint="Empty uses the provider's; may hold placeholders such as {subdomain}."
        value={form.apiBaseUrl}
        onChange={setText('apiBaseUrl')}
      />
      <div className="form-row">
        {secretField(
          'webhookSecret',
          'Webhook secret',
          e?.webhook_secret_set,
          'Turns on signature checks for this provider’s webhooks.',
        )}
        <FormField
          name="webhook_signature"
          label="Signature scheme"
          htmlFor="pc-signature"
          hint="Empty uses the provider's own scheme."
        >
          <SignatureSchemeSelect
            id="pc-signature"
            value={form.signature}
            emptyLabel="Provider default"
            onChange={set('signature')}
          />
        </FormField>
      </div>
    </FormDialog>
  )
}
