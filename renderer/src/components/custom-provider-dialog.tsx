import { useState } from 'react'
import { type Schemas, unwrap } from '../lib/api'
import { useCategories } from '../lib/catalog'
import { useApiMutation } from '../lib/queries'
import { setParam } from '../lib/router'
import { useSession } from '../lib/session'
import { FormDialog, FormField, TextField } from './form'
import { SignatureSchemeSelect } from './signature-scheme-select'
import { useToast } from './toast'
import { Field } from './ui'

type Provider = Schemas['Provider']

const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean)

/** An auth object without its issuer (the form sets or clears it). */
const withoutIssuer = (auth: Record<string, unknown>) => {
  const { issuer: _issuer, ...rest } = auth
  return rest
}

/** Adds (or edits) a workspace's own provider, for services the catalog does not have. */
export function CustomProviderDialog({ onClose, existing }: { onClose: () => void; existing?: Provider }) {
  const { api } = useSession()
  const notify = useToast()
  const categories = useCategories()
  const auth = (existing?.auth ?? {}) as Record<string, unknown>
  const [form, setForm] = useState({
    id: existing?.id ?? '',
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    tags: existing?.tags.join(', ') ?? '',
    category: existing?.categories[0] ?? '',
    authType: existing?.auth_type ?? 'oauth2',
    authorizationUrl: (auth.authorization_url as string) ?? '',
    tokenUrl: (auth.token_url as string) ?? '',
    scopes: Array.isArray(auth.scopes) ? (auth.scopes as string[]).join(' ') : '',
    installUrl: (auth.install_url as string) ?? '',
    signature: existing?.webhooks?.signature ?? '',
    issuer: (auth.issuer as string) ?? '',
    authMethod: (auth.token_endpoint_auth_method as string) ?? 'client_secret_basic',
    apiBaseUrl: existing?.api?.base_url ?? '',
  })
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))
  const setText = (k: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [k]: value }))

  // The form's selects hold the schema's values as strings; the server validates what is sent.
  const body = (): Schemas['CreateProvider'] => ({
    ...(!existing && form.id.trim() && { id: form.id.trim() }),
    name: form.name.trim(),
    ...(form.description.trim() && { description: form.description.trim() }),
    tags: list(form.tags),
    categories: form.category ? [form.category] : [],
    auth:
      form.authType === 'oauth2'
        ? {
            // What the form does not show (PKCE, extra parameters, token-response handling) is kept.
            ...(auth.type === 'oauth2' && withoutIssuer(auth)),
            type: 'oauth2',
            authorization_url: form.authorizationUrl.trim(),
            token_url: form.tokenUrl.trim(),
            scopes: list(form.scopes),
            token_endpoint_auth_method: form.authMethod as 'client_secret_basic',
            ...(form.issuer.trim() && { issuer: form.issuer.trim() }),
          }
        : form.authType === 'app_install'
          ? { type: 'app_install', install_url: form.installUrl.trim() }
          : ({ type: form.authType } as Schemas['CreateProvider']['auth']),
    webhooks: form.signature ? ({ signature: form.signature } as Schemas['ProviderWebhooks']) : null,
    api: form.apiBaseUrl.trim() ? { base_url: form.apiBaseUrl.trim() } : null,
  })
  const save = useApiMutation(
    async () =>
      unwrap(
        existing
          ? await api.PATCH('/api/providers/{id}', { params: { path: { id: existing.id } }, body: body() })
          : await api.POST('/api/providers', { body: body() }),
      ),
    ['providers'],
  )
  return (
    <FormDialog
      id="custom-provider"
      wide
      onClose={onClose}
      title={existing ? `Edit ${existing.name}` : 'Add a custom provider'}
      description="It appears in this workspace's catalog and search, and works with connect flows (the simulator, or real OAuth with a provider config)."
      save={save}
      submitLabel={existing ? 'Save changes' : 'Add provider'}
      problemTitle="Could not save the provider"
      onSubmit={() =>
        save.mutate(undefined, {
          onSuccess: (p) => {
            notify(existing ? 'Provider updated' : 'Provider added', { detail: p.name })
            onClose()
            if (!existing) setParam('id', p.id)
          },
        })
      }
    >
      <div className="form-row">
        <TextField
          name="name"
          label="Name"
          id="cp-name"
          value={form.name}
          onChange={setText('name')}
          required
          maxLength={100}
          autofocus
        />
        {!existing && (
          <TextField
            name="id"
            label="Id (optional)"
            id="cp-id"
            hint="Lowercase letters, digits and “-”; made from the name when empty."
            mono
            value={form.id}
            onChange={setText('id')}
            pattern="[a-z0-9][a-z0-9-]{0,62}"
          />
        )}
      </div>
      <TextField
        name="description"
        label="Description"
        id="cp-description"
        value={form.description}
        onChange={setText('description')}
        maxLength={400}
      />
      <div className="form-row">
        <TextField
          name="tags"
          label="Tags"
          id="cp-tags"
          hint="Separated by commas; search matches them."
          value={form.tags}
          onChange={setText('tags')}
        />
        <FormField name="categories" label="Category" htmlFor="cp-category">
          <select id="cp-category" className="select" value={form.category} onChange={set('category')}>
            <option value="">None</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="form-row">
        <Field label="Authentication" htmlFor="cp-auth">
          <select id="cp-auth" className="select" value={form.authType} onChange={set('authType')}>
            <option value="oauth2">OAuth 2</option>
            <option value="api_key">API key</option>
            <option value="basic">Basic auth</option>
            <option value="app_install">App install</option>
          </select>
        </Field>
        <FormField
          name="webhooks"
          label="Webhook signatures"
          htmlFor="cp-signature"
          hint="The scheme its webhooks are signed with, if any."
        >
          <SignatureSchemeSelect
            id="cp-signature"
            value={form.signature}
            emptyLabel="Not signed"
            onChange={set('signature')}
          />
        </FormField>
      </div>
      {form.authType === 'oauth2' && (
        <>
          <div className="form-row">
            <Field
              label="Authorization URL"
              htmlFor="cp-authz"
              hint="http:// is allowed, for local OAuth servers."
            >
              <input
                id="cp-authz"
                className="input"
                type="url"
                value={form.authorizationUrl}
                onChange={set('authorizationUrl')}
                required
              />
            </Field>
            <Field label="Token URL" htmlFor="cp-token">
              <input
                id="cp-token"
                className="input"
                type="url"
                value={form.tokenUrl}
                onChange={set('tokenUrl')}
                required
              />
            </Field>
          </div>
          <Field label="Default scopes" htmlFor="cp-scopes" hint="Separated by spaces or commas.">
            <input id="cp-scopes" className="input" value={form.scopes} onChange={set('scopes')} />
          </Field>
          <div className="form-row">
            <Field
              label="Issuer"
              htmlFor="cp-issuer"
              hint="Optional. When set, the callback's iss and ID tokens must name it; empty is plain OAuth 2."
            >
              <input id="cp-issuer" className="input" value={form.issuer} onChange={set('issuer')} />
            </Field>
            <Field label="Token endpoint authentication" htmlFor="cp-auth-method">
              <select
                id="cp-auth-method"
                className="input"
                value={form.authMethod}
                onChange={set('authMethod')}
              >
                <option value="client_secret_basic">HTTP Basic (client_secret_basic)</option>
                <option value="client_secret_post">In the form body (client_secret_post)</option>
                <option value="none">None: public client (none)</option>
              </select>
            </Field>
          </div>
        </>
      )}
      {form.authType === 'app_install' && (
        <Field label="Install URL" htmlFor="cp-install">
          <input
            id="cp-install"
            className="input"
            type="url"
            value={form.installUrl}
            onChange={set('installUrl')}
            required
          />
        </Field>
      )}
      <Field
        label="API base URL"
        htmlFor="cp-api-base-url"
        hint="Optional; the base of its REST API. Placeholders such as {subdomain} are allowed."
      >
        <input id="cp-api-base-url" className="input" value={form.apiBaseUrl} onChange={set('apiBaseUrl')} />
      </Field>
    </FormDialog>
  )
}
