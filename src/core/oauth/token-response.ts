import type { TokenResponse } from '../providers/connect.schema.js'
import { TOKEN_FIELDS } from '../providers/connect.schema.js'

/** Non-secret facts a token response told about the account (instance_url, team id, ...). */
export type ConnectionMetadata = Record<string, string | number | boolean>

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const at = (body: Json, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), body)

/** Every string under a credential-named key, at any depth: these never become metadata. */
function secretsIn(node: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (depth > 8 || !(isObject(node) || Array.isArray(node))) return found
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string' && TOKEN_FIELDS.includes(key)) found.add(value)
    else secretsIn(value, found, depth + 1)
  }
  return found
}

const MAX_VALUE = 2048

/** The declared metadata fields of a token response: primitives only, never a token. */
export function metadataOf(body: Json, spec: TokenResponse): ConnectionMetadata {
  const secrets = secretsIn(body)
  const metadata: ConnectionMetadata = {}
  for (const [name, field] of Object.entries(spec.metadata)) {
    const value = at(body, field.path)
    if (typeof value === 'string') {
      if (value && !secrets.has(value) && value.length <= MAX_VALUE) metadata[name] = value
    } else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      metadata[name] = value
    }
  }
  return metadata
}

/** Fields that describe the token itself: taken from wherever the access token was found. */
const TOKEN_SIBLINGS = ['token_type', 'refresh_token', 'expires_in', 'scope'] as const

const json = (status: number, body: Json) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * Turns a provider's successful token response into the RFC 6749 section 5.1 shape the OAuth
 * library checks, and reads the metadata the provider declares. Handles, as data:
 * - an access token that is not at the top level (Slack user tokens under `authed_user`): it and
 *   its sibling fields (token_type, refresh_token, expires_in, scope) are lifted to the top;
 * - `{ok: false, error}` with HTTP 200 (Slack): answered as the OAuth error it is;
 * - a missing or non-standard token_type (Slack's `user` / `bot`): these are bearer tokens;
 * - scope as an array: joined with spaces;
 * - an ID token from a provider without a declared issuer: dropped unread (plain OAuth 2).
 * Error responses pass through unchanged.
 */
export async function normalizeTokenResponse(
  response: Response,
  spec: TokenResponse,
  options: { keepIdToken: boolean },
): Promise<{ response: Response; metadata: ConnectionMetadata }> {
  if (response.status !== 200) return { response, metadata: {} }
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (!isObject(body)) {
    return { response: new Response(text, { status: 200, headers: response.headers }), metadata: {} }
  }
  if (body.ok === false && typeof body.error === 'string') {
    const description = typeof body.error_description === 'string' ? body.error_description : body.error
    return { response: json(400, { error: body.error, error_description: description }), metadata: {} }
  }
  const metadata = metadataOf(body, spec)
  const out: Json = { ...body }
  for (const path of spec.access_token_paths) {
    if (typeof at(body, path) !== 'string') continue
    out.access_token = at(body, path)
    const parent = path.includes('.') ? at(body, path.slice(0, path.lastIndexOf('.'))) : undefined
    if (isObject(parent)) {
      for (const field of TOKEN_SIBLINGS) if (parent[field] !== undefined) out[field] = parent[field]
    }
    break
  }
  const type = typeof out.token_type === 'string' ? out.token_type.toLowerCase() : undefined
  if (type !== 'bearer' && type !== 'dpop') out.token_type = 'bearer'
  if (Array.isArray(out.scope)) out.scope = out.scope.filter((s) => typeof s === 'string').join(' ')
  if (!options.keepIdToken) delete out.id_token
  return { response: json(200, out), metadata }
}
