import { WEBHOOK_KITS } from '../../providers-kit/registry.js'

/**
 * The event types each sample set builds (a provider kit's are in its `webhooks.ts`) a realistic payload for. A trigger of any other type for
 * these providers is refused (a typo would otherwise pass with a generic payload). Providers
 * without a set of their own (custom providers, most of the catalog) get a generic JSON event of
 * whatever type is asked for: there is no list to check it against.
 */
const GENERIC_TYPES = {
  // GitHub types may name an action too: `pull_request.closed`.
  zoom: ['meeting.created', 'meeting.started', 'meeting.ended', 'meeting.deleted', 'recording.completed'],
  /** Every provider that signs with Standard Webhooks (Clerk, Resend, …). */
  standard_webhooks: ['user.created', 'user.updated', 'email.sent', 'email.delivered'],
} as const satisfies Record<string, readonly string[]>

const { standard_webhooks: standardWebhooks, ...byProvider } = GENERIC_TYPES

/** Each set by key: the providers' (the generic ones, then each kit's), then the scheme-wide one. */
export const KNOWN_TYPES: Readonly<Record<string, readonly string[]>> = {
  ...byProvider,
  ...Object.fromEntries(WEBHOOK_KITS.map((kit) => [kit.id, kit.webhooks.types])),
  standard_webhooks: standardWebhooks,
}

/** The sets whose types may add an action: GitHub's `pull_request.closed`. */
export const TAKES_ACTIONS: ReadonlySet<string> = new Set(
  WEBHOOK_KITS.filter((kit) => 'takesActions' in kit.webhooks && kit.webhooks.takesActions).map(
    (kit) => kit.id,
  ),
)

/** Whether `type` is one of `types` (or, where `actions`, one of them with a `.action` suffix). */
export function typeAccepted(types: readonly string[], actions: boolean, type: string): boolean {
  if (types.includes(type)) return true
  return actions && /^[a-z_]+\.[a-z_]+$/.test(type) && types.includes(type.split('.')[0]!)
}
