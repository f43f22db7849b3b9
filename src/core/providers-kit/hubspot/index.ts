import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { hubspotDialect } from './errors.js'
import { route } from './routes.js'
import { hubspotSample } from './samples.js'
import { hubspotScheme } from './scheme.js'
import { hubspotSeed } from './seed.js'
import { type HubspotState, initialState } from './state.js'
import { hubspotTokens } from './tokens.js'
import { hubspotAccountView, hubspotExampleCalls } from './view.js'
import { HUBSPOT_EVENT_TYPES, hubspotEventType } from './webhooks.js'

/**
 * The simulated HubSpot CRM (contacts, companies and the associations between them, v3 objects
 * and v4 associations), with the Webhooks API's batched, v3-signed deliveries.
 */
export const hubspotSimulation: ProviderSimulation<HubspotState> = {
  provider: 'hubspot',
  initialState,
  route,
  errors: hubspotDialect,
  accountView: hubspotAccountView,
  exampleCalls: hubspotExampleCalls,
}

const hubspotWebhooks = {
  types: HUBSPOT_EVENT_TYPES,
  sample: hubspotSample,
  typeFromBody: hubspotEventType,
} satisfies ProviderWebhooks

/** The registry entry. */
export const hubspot = {
  id: 'hubspot',
  simulation: hubspotSimulation,
  scheme: hubspotScheme,
  webhooks: hubspotWebhooks,
  seed: hubspotSeed,
  tokens: hubspotTokens,
} as const satisfies ProviderKit
