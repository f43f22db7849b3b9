import type { ReactNode } from 'react'
import type { Schemas } from '../lib/api'
import { Mono } from './ui'

type Provider = Schemas['Provider']

const AUTH_METHODS: Record<string, string> = {
  client_secret_basic: 'sends the client ID and secret with HTTP Basic authentication (client_secret_basic)',
  client_secret_post: 'sends the client ID and secret in the form body (client_secret_post)',
  none: 'is a public client: it sends only the client ID and proves itself with PKCE (none)',
}

const pairs = (params: unknown) =>
  Object.entries((params ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${v}`)

/**
 * What a provider needs before and during a real connect, in plain words: the session params to
 * ask for, PKCE, client authentication, extra parameters, the issuer check, what the token answer
 * leaves on the connection, and where its API lives.
 */
export function connectRequirements(p: Provider): ReactNode[] {
  const auth = p.auth
  const lines: ReactNode[] = []
  const placeholders = Object.entries(p.placeholders ?? {})
  const asked = placeholders.filter(([, where]) => where.source === 'params')
  const returned = placeholders.filter(([, where]) => where.source === 'metadata')

  if (asked.length) {
    lines.push(
      <>
        Ask the user for {asked.map(([name], i) => [i > 0 && ', ', <Mono key={name}>{name}</Mono>])} and pass
        it in the auth session's <Mono>params</Mono>:{' '}
        {asked.map(([name, where]) => `${name}: ${where.description}`).join(' ')}
      </>,
    )
  }
  if (auth.type === 'oauth2') {
    lines.push(
      auth.pkce
        ? 'Uses OAuth 2.0 with PKCE (S256): the gateway sends a code challenge and proves it at the token endpoint.'
        : 'Uses OAuth 2.0 without PKCE: the provider does not accept it, so the client secret alone proves the app.',
    )
    const method = typeof auth.token_endpoint_auth_method === 'string' ? auth.token_endpoint_auth_method : ''
    lines.push(
      `At the token endpoint the gateway ${AUTH_METHODS[method] ?? AUTH_METHODS.client_secret_basic}.`,
    )
    const extra = pairs(auth.authorization_params)
    if (extra.length) {
      lines.push(
        <>
          Every authorization request carries <Mono>{extra.join('&')}</Mono>, which the provider requires.
        </>,
      )
    }
    const tokenExtra = pairs(auth.token_params)
    if (tokenExtra.length) {
      lines.push(
        <>
          Every token request carries <Mono>{tokenExtra.join('&')}</Mono>.
        </>,
      )
    }
    lines.push(
      typeof auth.issuer === 'string' ? (
        <>
          Issuer <Mono>{auth.issuer}</Mono>: the callback's <Mono>iss</Mono> and ID tokens must name it.
        </>
      ) : (
        'No issuer declared: treated as plain OAuth 2, so an iss parameter or ID token is not checked.'
      ),
    )
    const response = auth.token_response as
      | { access_token_paths?: string[]; metadata?: Record<string, { path: string }> }
      | undefined
    const paths = response?.access_token_paths ?? []
    if (paths.some((path) => path !== 'access_token')) {
      lines.push(
        <>
          The access token may sit inside the answer: looked for at{' '}
          {paths.map((path, i) => [i > 0 && ', then ', <Mono key={path}>{path}</Mono>])}.
        </>,
      )
    }
    const kept = Object.keys(response?.metadata ?? {})
    if (kept.length) {
      lines.push(
        <>
          The token answer leaves {kept.map((name, i) => [i > 0 && ', ', <Mono key={name}>{name}</Mono>])} on
          the connection as <Mono>metadata</Mono>.
        </>,
      )
    }
  } else if (auth.type === 'app_install') {
    lines.push('Connected by installing an app: the provider calls back with an installation ID, no tokens.')
  } else {
    lines.push(
      `Uses ${auth.type === 'api_key' ? 'an API key' : 'a user name and password'}: there is no OAuth flow to run.`,
    )
  }
  if (p.api) {
    lines.push(
      <>
        Its API lives at <Mono>{p.api.base_url}</Mono>
        {returned.length > 0 &&
          ` (${returned.map(([name]) => `{${name}}`).join(', ')} comes from the token answer)`}
        ; a provider config can override it with <Mono>api_base_url</Mono>.
      </>,
    )
  }
  return lines
}

/** The "What connecting needs" list of the provider detail view. */
export function ConnectRequirements({ provider }: { provider: Provider }) {
  const lines = connectRequirements(provider)
  return (
    <section className="field" aria-labelledby="connect-needs">
      <span className="label" id="connect-needs">
        What connecting needs (real mode)
      </span>
      <ul className="stack" style={{ gap: 4, margin: 0, paddingLeft: 18 }}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list derived from the provider
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  )
}
