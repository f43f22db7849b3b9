import type { SignatureScheme } from '../providers/providers.schema.js'
import { schemeOf } from '../providers-kit/registry.js'
import { printable } from './derived-text.js'
import type { HeaderLookup } from './header-lookup.js'

/**
 * The sender's own id for a message, read under the scheme whose signature matched (each scheme
 * says where its senders put one: Standard Webhooks' signed `webhook-id`, Stripe's event `id` in the
 * signed body, GitHub's `X-GitHub-Delivery`). Null for schemes without one.
 */
export function senderMessageId(
  scheme: SignatureScheme,
  header: HeaderLookup,
  json: () => unknown,
): string | null {
  const raw = schemeOf(scheme).messageId?.(header, json)
  return raw ? printable(raw, 200) : null
}
