import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { graphDialect } from './errors.js'
import { route } from './routes.js'
import { graphSeed } from './seed.js'
import { type GraphState, initialState } from './state.js'
import { validationHandshake } from './subscriptions.js'
import { graphTokens } from './tokens.js'
import { graphAccountView, graphExampleCalls } from './view.js'

/**
 * The simulated Microsoft Graph mailbox and calendar (`/v1.0/me`, messages with OData queries and
 * delta, sendMail, events, subscriptions with change notifications) for the official
 * `@microsoft/microsoft-graph-client`. The Outlook Mail and Outlook Calendar catalog entries are
 * the same API, so one simulation answers both.
 */
export const graphSimulation: ProviderSimulation<GraphState> = {
  provider: 'outlook-mail',
  aliases: ['outlook-calendar'],
  initialState,
  route,
  prepare: validationHandshake,
  errors: graphDialect,
  accountView: graphAccountView,
  exampleCalls: graphExampleCalls,
}

/** The registry entry. */
export const microsoftGraph = {
  id: 'outlook-mail',
  simulation: graphSimulation,
  seed: graphSeed,
  tokens: graphTokens,
} as const satisfies ProviderKit
