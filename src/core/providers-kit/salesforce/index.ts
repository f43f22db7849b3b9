import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { salesforceDialect } from './errors.js'
import { route } from './routes.js'
import { salesforceSeed } from './seed.js'
import { initialState, type SalesforceState } from './state.js'
import { salesforceTokens } from './tokens.js'
import { salesforceAccountView, salesforceExampleCalls } from './view.js'

/**
 * The simulated Salesforce REST API (Account, Contact and Opportunity records, SOQL queries with
 * `nextRecordsUrl` batches) for jsforce, which calls `/services/data/vNN.N/…` under its instanceUrl.
 */
export const salesforceSimulation: ProviderSimulation<SalesforceState> = {
  provider: 'salesforce',
  initialState,
  route,
  errors: salesforceDialect,
  accountView: salesforceAccountView,
  exampleCalls: salesforceExampleCalls,
  ownerScopes: ['api'],
}

/** The registry entry (Salesforce sends no webhooks of the kind the gateway captures). */
export const salesforce = {
  id: 'salesforce',
  simulation: salesforceSimulation,
  seed: salesforceSeed,
  tokens: salesforceTokens,
} as const satisfies ProviderKit
