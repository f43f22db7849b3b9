import type { MiddlewareHandler } from 'hono'
import { AppError } from '../../core/errors.js'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** Paths that tunnels deliver to with their own Host header. */
const ANY_HOST_PATHS = [/^\/webhooks(\/|$)/, /^\/oauth\/callback$/]

/** Whether a request path is served whatever its Host (the OpenAPI document reads this too). */
export const acceptsAnyHost = (path: string): boolean => ANY_HOST_PATHS.some((p) => p.test(path))

/** Host name of a Host header value, without the port. */
export function hostNameOf(host: string): string {
  const trimmed = host.trim().toLowerCase()
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1)
  return trimmed.split(':')[0] ?? ''
}

export const isLoopbackHost = (host: string | undefined): boolean =>
  host !== undefined && (LOOPBACK_NAMES.has(hostNameOf(host)) || /^127(\.\d{1,3}){3}$/.test(hostNameOf(host)))

/** Rejects requests addressed to a non-loopback name (DNS rebinding defence). */
export const hostCheck = (): MiddlewareHandler => async (c, next) => {
  if (acceptsAnyHost(c.req.path)) return next()
  if (!isLoopbackHost(c.req.header('host'))) {
    throw new AppError(
      'host_not_allowed',
      'This gateway only answers requests addressed to localhost, 127.0.0.1 or [::1]; /webhooks/* and /oauth/callback accept any Host.',
    )
  }
  return next()
}
