import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small, strict OAuth 2 authorization server on node:http: a real protocol peer for real-mode
 * tests, not a stub. It registers one client and enforces what real providers enforce:
 * - the authorization request: response_type=code, the registered client_id and exact
 *   redirect_uri (else a 400 page, never a redirect), state, PKCE S256 when required, and every
 *   provider-specific parameter the test demands (`requiredAuthorizationParams`);
 * - the token request: the client authentication method registered (Basic only, form only, or
 *   none: a secret sent the other way is refused), single-use codes bound to client, redirect_uri
 *   and PKCE verifier, the required token parameters, and refresh tokens it issued.
 * Its issuer may carry a path (a Keycloak realm); it sends RFC 9207 `iss` and an RS256 ID token
 * when told to, and the token response can be reshaped (nested tokens, extra fields).
 */
export interface StrictServerOptions {
  /** Path under the origin the issuer lives at, e.g. `/realms/acme`. */
  issuerPath?: string
  clientId: string
  /** Absent for a public client. */
  clientSecret?: string
  method: 'client_secret_basic' | 'client_secret_post' | 'none'
  requirePkce?: boolean
  requiredAuthorizationParams?: Record<string, string>
  requiredTokenParams?: Record<string, string>
  /** Adds RFC 9207 `iss` to the redirect back. */
  sendIss?: boolean
  /** Overrides the `iss` sent (a mix-up attack). */
  issOverride?: string
  /** Adds an RS256 ID token to code exchanges, with this `iss` (defaults to the issuer). */
  idToken?: boolean | { iss: string }
  /** Reshapes a successful token response (tokens are passed in standard form). */
  shape?: (standard: Record<string, unknown>) => Record<string, unknown>
}

export interface TokenRequestRecord {
  authorization: string | undefined
  form: Record<string, string>
}

interface IssuedCode {
  redirectUri: string
  challenge: string | undefined
  scope: string
  expiresAt: number
}

const random = (n: number) => randomBytes(n).toString('base64url')

export async function startStrictOAuthServer(options: StrictServerOptions) {
  const codes = new Map<string, IssuedCode>()
  const refreshTokens = new Set<string>()
  const authorizeRequests: Array<Record<string, string>> = []
  const tokenRequests: TokenRequestRecord[] = []
  const issued: string[] = []
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  let redirectUris: string[] = []
  let issuer = ''

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description })

  const idToken = (claims: Record<string, unknown>) => {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url')
    return `${header}.${payload}.${signature}`
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams)
    authorizeRequests.push(q)
    if (q.client_id !== options.clientId || !q.redirect_uri || !redirectUris.includes(q.redirect_uri)) {
      res.writeHead(400, { 'content-type': 'text/plain' })
      res.end('unknown client_id or unregistered redirect_uri')
      return
    }
    const back = new URL(q.redirect_uri)
    const fail = (error: string, description: string) => {
      back.searchParams.set('error', error)
      back.searchParams.set('error_description', description)
      if (q.state) back.searchParams.set('state', q.state)
      res.writeHead(302, { location: back.href }).end()
    }
    if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code')
    if (!q.state) return fail('invalid_request', 'state is required')
    if (options.requirePkce && (q.code_challenge_method !== 'S256' || !q.code_challenge)) {
      return fail('invalid_request', 'PKCE S256 is required')
    }
    for (const [name, value] of Object.entries(options.requiredAuthorizationParams ?? {})) {
      if (q[name] !== value) return fail('invalid_request', `${name}=${value} is required`)
    }
    const code = random(24)
    codes.set(code, {
      redirectUri: q.redirect_uri,
      challenge: q.code_challenge,
      scope: q.scope ?? '',
      expiresAt: Date.now() + 60_000,
    })
    back.searchParams.set('code', code)
    back.searchParams.set('state', q.state)
    if (options.sendIss || options.issOverride) back.searchParams.set('iss', options.issOverride ?? issuer)
    res.writeHead(302, { location: back.href }).end()
  }

  /** Client authentication exactly as registered; returns an error description, or null when it passes. */
  function authenticate(req: IncomingMessage, form: URLSearchParams): string | null {
    const header = req.headers.authorization
    const basic = header?.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : undefined
    switch (options.method) {
      case 'client_secret_basic':
        if (form.has('client_secret')) return 'client_secret in the body is not allowed for this client'
        if (!basic || basic[0] !== options.clientId || basic[1] !== options.clientSecret)
          return 'HTTP Basic client authentication required'
        return null
      case 'client_secret_post':
        if (header) return 'this client must authenticate with client_secret_post, not a header'
        if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
          return 'client_id and client_secret in the body required'
        return null
      case 'none':
        if (header || form.has('client_secret')) return 'a public client has no secret'
        return form.get('client_id') === options.clientId ? null : 'client_id required'
    }
  }

  function issue(res: ServerResponse, scope: string, withIdToken: boolean) {
    const access = `at_${random(24)}`
    const refresh = `rt_${random(24)}`
    refreshTokens.add(refresh)
    issued.push(access, refresh)
    const standard: Record<string, unknown> = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refresh,
      scope,
    }
    if (withIdToken) {
      const now = Math.floor(Date.now() / 1000)
      const iss = typeof options.idToken === 'object' ? options.idToken.iss : issuer
      standard.id_token = idToken({ iss, sub: 'user-1', aud: options.clientId, iat: now, exp: now + 300 })
      issued.push(standard.id_token as string)
    }
    json(res, 200, options.shape ? options.shape(standard) : standard)
  }

  function token(req: IncomingMessage, body: string, res: ServerResponse) {
    if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
      return oauthError(res, 400, 'invalid_request', 'form body required')
    }
    const form = new URLSearchParams(body)
    tokenRequests.push({ authorization: req.headers.authorization, form: Object.fromEntries(form) })
    const refused = authenticate(req, form)
    if (refused) return oauthError(res, 401, 'invalid_client', refused)
    for (const [name, value] of Object.entries(options.requiredTokenParams ?? {})) {
      if (form.get(name) !== value)
        return oauthError(res, 400, 'invalid_request', `${name}=${value} is required`)
    }
    if (form.get('grant_type') === 'refresh_token') {
      const presented = form.get('refresh_token') ?? ''
      if (!refreshTokens.delete(presented))
        return oauthError(res, 400, 'invalid_grant', 'unknown refresh token')
      return issue(res, '', false)
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return oauthError(res, 400, 'unsupported_grant_type', 'authorization_code or refresh_token')
    }
    const code = codes.get(form.get('code') ?? '')
    codes.delete(form.get('code') ?? '')
    if (!code || code.expiresAt < Date.now())
      return oauthError(res, 400, 'invalid_grant', 'unknown or used code')
    if (form.get('redirect_uri') !== code.redirectUri) {
      return oauthError(res, 400, 'invalid_grant', 'redirect_uri differs from the authorization request')
    }
    if (code.challenge !== undefined) {
      const verifier = form.get('code_verifier') ?? ''
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return oauthError(res, 400, 'invalid_grant', 'PKCE verification failed')
    } else if (options.method === 'none') {
      return oauthError(res, 400, 'invalid_grant', 'public clients must use PKCE')
    }
    issue(res, code.scope, Boolean(options.idToken))
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer)
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname === `${path}/auth`) return authorize(url, res)
      if (req.method === 'POST' && url.pathname === `${path}/token`)
        return token(req, Buffer.concat(chunks).toString('utf8'), res)
      res.writeHead(404).end()
    })
  })
  const path = options.issuerPath ?? ''
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  issuer = `${origin}${path}`

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    authorizeRequests,
    tokenRequests,
    /** Every token this server handed out, for leak scans. */
    issued,
    /** The client's registered redirect URIs (exact match, as RFC 6749 section 3.1.2.3 asks). */
    register(uris: string[]) {
      redirectUris = uris
    },
    /** Changes what the server demands or sends, between tests. */
    set(changes: Partial<StrictServerOptions>) {
      Object.assign(options, changes)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type StrictOAuthServer = Awaited<ReturnType<typeof startStrictOAuthServer>>
