import type { MiddlewareHandler } from 'hono'
import { AppError } from '../../core/errors.js'

/**
 * Is every `%` of the request target a well-formed escape of UTF-8 (RFC 3986 section 2.1)?
 * decodeURIComponent checks both the hex pairs and the bytes they spell.
 */
export function wellFormedTarget(target: string): boolean {
  if (!target.includes('%')) return true
  try {
    decodeURIComponent(target)
    return true
  } catch {
    return false
  }
}

/** The path and query of a request URL, as the client sent them (no decoding). */
const targetOf = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const hash = url.indexOf('#')
  return start === -1 ? '' : url.slice(start, hash === -1 ? undefined : hash)
}

/**
 * Refuses a request whose path or query holds a malformed percent-encoding (`%ff`, `%zz`, a lone
 * `%`) with a 400, before any route decodes it: routers and handlers would otherwise each fail in
 * their own way (a 500, a mangled parameter). First in the chain, webhook capture included.
 */
export const rejectMalformedEncoding = (): MiddlewareHandler => (c, next) => {
  if (wellFormedTarget(targetOf(c.req.url))) return next()
  throw new AppError(
    'invalid_request',
    'The request URL holds a malformed percent-encoding: every % must start an escape of UTF-8, like %2F or %C3%A9 (send a literal % as %25).',
  )
}
