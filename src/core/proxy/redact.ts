/** What a redacted value is replaced by in a recording, a cassette or an event. */
export const REDACTED = '[redacted]'

/**
 * A header or query parameter whose name says it carries a credential. Broad on purpose: a false
 * positive costs a value in a stored exchange, a false negative leaks a secret.
 */
const CREDENTIAL_NAME = /auth|key|token|secret|signature|session|password|credential|cookie/i

/**
 * Names the rule above would catch that carry no credential and that replay needs as they are:
 * challenges and CORS/scope descriptions (response), and pagination cursors (query; redacting them
 * would make every page of a listing match the first recording).
 */
const NOT_A_CREDENTIAL =
  /^(www-authenticate|access-control-allow-credentials|x-oauth-scopes|x-accepted-oauth-scopes|(page|next|next_page|sync|continuation|delta|resume)[_-]?token)$/i

export const isCredentialName = (name: string, extra: ReadonlySet<string> = new Set()): boolean =>
  extra.has(name.toLowerCase()) || (CREDENTIAL_NAME.test(name) && !NOT_A_CREDENTIAL.test(name))

/** Values shorter than this are never redacted by value (they would match ordinary text). */
const MIN_SECRET_LENGTH = 8

/**
 * Redacts one exchange's parts: headers and query parameters named like credentials, and any
 * occurrence of a known secret value (the connection's access and refresh tokens) anywhere, bodies
 * included. Built once per call with the secrets that call knows.
 */
export function createRedactor(
  secrets: ReadonlyArray<string | undefined | null> = [],
  extra?: ReadonlySet<string>,
) {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))]
  const text = (value: string) => values.reduce((out, secret) => out.split(secret).join(REDACTED), value)
  const marker = Buffer.from(REDACTED)
  const bytes = (body: Buffer): Buffer => {
    let out = body
    for (const secret of values) {
      const needle = Buffer.from(secret)
      let at = out.indexOf(needle)
      if (at === -1) continue
      const parts: Buffer[] = []
      let from = 0
      while (at !== -1) {
        parts.push(out.subarray(from, at), marker)
        from = at + needle.length
        at = out.indexOf(needle, from)
      }
      parts.push(out.subarray(from))
      out = Buffer.concat(parts)
    }
    return out
  }
  return {
    text,
    bytes,
    headers: (headers: ReadonlyArray<[string, string]>): Array<[string, string]> =>
      headers.map(([name, value]) => [name, isCredentialName(name, extra) ? REDACTED : text(value)]),
    query: (query: string): string => text(redactQuery(query)),
  }
}
export type Redactor = ReturnType<typeof createRedactor>

/** A raw query string with the values of credential-named parameters replaced (the rest byte for byte). */
export function redactQuery(query: string): string {
  if (query === '') return query
  return query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=')
      const rawName = eq === -1 ? part : part.slice(0, eq)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // A malformed escape: judge the name as written.
      }
      return isCredentialName(name) ? `${rawName}=${REDACTED}` : part
    })
    .join('&')
}

/** Request headers with every credential-named value replaced by the marker (names and order kept). */
export const redactRequestHeaders = (
  headers: ReadonlyArray<[string, string]>,
  extra: ReadonlySet<string> = new Set(),
): Array<[string, string]> => createRedactor([], extra).headers(headers)

/** Response headers: the same rule (Set-Cookie, x-access-token, …). */
export const redactResponseHeaders = (headers: ReadonlyArray<[string, string]>): Array<[string, string]> =>
  createRedactor().headers(headers)
