import { github } from './github/index.js'
import { googleCalendar } from './google-calendar/index.js'
import { hubspot } from './hubspot/index.js'
import { jira } from './jira/index.js'
import type { ProviderSimulation } from './kit/provider-kit.js'
import { linear } from './linear/index.js'
import { microsoftGraph } from './microsoft-graph/index.js'
import { notion } from './notion/index.js'
import { salesforce } from './salesforce/index.js'
import { GENERIC_SCHEMES } from './schemes/index.js'
import type { SignatureScheme } from './schemes/scheme.js'
import { shopify } from './shopify/index.js'
import { slack } from './slack/index.js'
import { stripe } from './stripe/index.js'

/** The built-in providers: one line (and one folder) each. */
export const PROVIDER_KITS = [
  github,
  slack,
  hubspot,
  stripe,
  linear,
  notion,
  jira,
  googleCalendar,
  microsoftGraph,
  salesforce,
  shopify,
] as const

type Kit = (typeof PROVIDER_KITS)[number]
type WebhookKit = Extract<Kit, { webhooks: unknown; scheme: unknown }>

/** The kits whose provider sends webhooks, each with its signature scheme (Notion sends none). */
export const WEBHOOK_KITS: readonly WebhookKit[] = PROVIDER_KITS.filter(
  (kit): kit is WebhookKit => 'webhooks' in kit && 'scheme' in kit,
)

type KitScheme = Extract<(typeof PROVIDER_KITS)[number], { scheme: unknown }>['scheme']
type GenericScheme = (typeof GENERIC_SCHEMES)[number]

/** Every signature scheme the gateway verifies and signs: the generic ones, then the providers'. */
export const SIGNATURE_SCHEMES: ReadonlyArray<GenericScheme | KitScheme> = [
  ...GENERIC_SCHEMES,
  ...PROVIDER_KITS.flatMap((kit): KitScheme[] => ('scheme' in kit ? [kit.scheme] : [])),
]

export type SignatureSchemeId = (GenericScheme | KitScheme)['id']

/** The scheme ids, for the zod enum the API, OpenAPI and the dashboard's types are built from. */
export const SIGNATURE_SCHEME_IDS = SIGNATURE_SCHEMES.map((s) => s.id) as [
  SignatureSchemeId,
  ...SignatureSchemeId[],
]

const schemes = new Map<string, SignatureScheme>(SIGNATURE_SCHEMES.map((s) => [s.id, s]))

/** The scheme of an id the enum has accepted. */
export const schemeOf = (id: SignatureSchemeId): SignatureScheme => schemes.get(id)!

/** The built-in provider simulations. */
export const BUILT_IN_SIMULATIONS: readonly ProviderSimulation[] = PROVIDER_KITS.map(
  (kit) => kit.simulation as ProviderSimulation,
)
