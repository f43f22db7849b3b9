import type { SignatureVerdict } from '../events/events.schema.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import { schemeOf } from '../providers-kit/registry.js'
import type { Check, SignedRequest } from '../providers-kit/schemes/scheme.js'
import type { HeaderLookup } from './header-lookup.js'

export type { Check, SignedRequest } from '../providers-kit/schemes/scheme.js'

/**
 * The URLs a captured request may have been signed for: its Host (or `X-Forwarded-Host`, from a
 * tunnel) with its path and query, under `X-Forwarded-Proto` when a proxy says it, else https
 * (what HubSpot posts to, through a tunnel) and http (a local sender).
 */
export function captureUrls(header: HeaderLookup, path: string, query: string): string[] {
  const host = header('x-forwarded-host')?.split(',')[0]?.trim() || header('host')
  if (!host) return []
  const proto = header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  const protos = proto === 'https' || proto === 'http' ? [proto] : ['https', 'http']
  return protos.map((p) => `${p}://${host}${path}${query ? `?${query}` : ''}`)
}

/** Checks one request against one secret with one scheme. Never throws on malformed input. */
export const verifyWith = (scheme: SignatureScheme, secret: string, req: SignedRequest): Check =>
  schemeOf(scheme).verify(secret, req)

/**
 * The verdict for a request: `unverified` when there is nothing to check against, `valid` when any
 * configured secret matches (each with its own scheme, else the provider's), else `invalid`.
 */
export function verdictFor(
  secrets: Array<{ secret: string; scheme: SignatureScheme | null }>,
  providerScheme: SignatureScheme | null,
  req: SignedRequest,
): { signature: SignatureVerdict; detail: string; scheme?: SignatureScheme } {
  if (secrets.length === 0) return { signature: 'unverified', detail: 'no webhook_secret is configured' }
  const usable = secrets
    .map((s) => ({ secret: s.secret, scheme: s.scheme ?? providerScheme }))
    .filter((s): s is { secret: string; scheme: SignatureScheme } => s.scheme !== null)
  if (usable.length === 0)
    return {
      signature: 'unverified',
      detail: 'no signature scheme: set webhook_signature on the provider config',
    }
  const reasons = new Set<string>()
  for (const { secret, scheme } of usable) {
    const check = verifyWith(scheme, secret, req)
    if (check.ok) return { signature: 'valid', detail: `${scheme} signature matches`, scheme }
    reasons.add(`${scheme}: ${check.why}`)
  }
  return { signature: 'invalid', detail: [...reasons].join('; ') }
}

/**
 * Headers that sign `body` with `scheme` (used by triggers and tests to produce real signatures).
 * `target` is the method and URL the request is sent to, which HubSpot v3 signs.
 */
export function signatureHeaders(
  scheme: SignatureScheme,
  secret: string,
  body: Buffer,
  nowMs: number,
  messageId: string,
  target?: { method: string; url: string },
): Record<string, string> {
  return schemeOf(scheme).sign({ secret, body, nowMs, messageId, ...(target && { target }) })
}
