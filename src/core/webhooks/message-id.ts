import type { SignatureScheme } from '../providers/providers.schema.js'
import { printable } from './derived-text.js'
import type { HeaderLookup } from './header-lookup.js'

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/**
 * The sender's own id for a message, read under the scheme whose signature matched: Standard
 * Webhooks' `webhook-id` (signed), Stripe's event `id` (in the signed body), GitHub's
 * `X-GitHub-Delivery` (kept on redelivery; the body beside it is signed). Undefined for the others.
 * Stripe's body is parsed already to find its type, so none of these costs a parse of its own.
 */
export function senderMessageId(
  scheme: SignatureScheme,
  header: HeaderLookup,
  json: () => unknown,
): string | null {
  const raw = (() => {
    switch (scheme) {
      case 'standard_webhooks':
        return header('webhook-id') ?? header('svix-id')
      case 'stripe': {
        const id = record(json())?.id
        return typeof id === 'string' ? id : undefined
      }
      case 'github':
        return header('x-github-delivery')
      default:
        return undefined
    }
  })()
  return raw ? printable(raw, 200) : null
}
