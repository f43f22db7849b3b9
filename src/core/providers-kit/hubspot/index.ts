import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { hubspotDialect } from './errors.js'
import { route } from './routes.js'
import { hubspotScheme } from './scheme.js'
import { type HubspotState, initialState } from './state.js'
import { hubspotAccountView, hubspotExampleCalls } from './view.js'

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

/** The registry entry. */
export const hubspot = {
  id: 'hubspot',
  simulation: hubspotSimulation,
  scheme: hubspotScheme,
} as const satisfies ProviderKit
