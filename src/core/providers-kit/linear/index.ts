import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { linearDialect } from './errors.js'
import { route } from './routes.js'
import { linearScheme } from './scheme.js'
import { linearSeed } from './seed.js'
import { initialState, type LinearState } from './state.js'
import { linearTokens } from './tokens.js'
import { linearAccountView, linearExampleCalls } from './view.js'
import { LINEAR_EVENT_TYPES, linearSample } from './webhooks.js'

/**
 * The simulated Linear GraphQL API (viewer, teams, issues, comments) with its Issue and Comment
 * webhooks. The workspace starts with an Engineering team (ENG) and Linear's default workflow states.
 */
export const linearSimulation: ProviderSimulation<LinearState> = {
  provider: 'linear',
  initialState,
  route,
  errors: linearDialect,
  accountView: linearAccountView,
  exampleCalls: linearExampleCalls,
  ownerScopes: ['read', 'write'],
}

const linearWebhooks = {
  types: LINEAR_EVENT_TYPES,
  sample: linearSample,
  typeHeader: 'linear-event',
} satisfies ProviderWebhooks

/** The registry entry. */
export const linear = {
  id: 'linear',
  simulation: linearSimulation,
  scheme: linearScheme,
  webhooks: linearWebhooks,
  seed: linearSeed,
  tokens: linearTokens,
} as const satisfies ProviderKit
