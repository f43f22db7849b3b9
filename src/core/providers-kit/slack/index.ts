import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { slackDialect } from './errors.js'
import { route } from './routes.js'
import { slackScheme } from './scheme.js'
import { initialState, SIMULATED_SCOPES, type SlackState } from './state.js'
import { slackAccountView, slackExampleCalls } from './view.js'

/**
 * The simulated Slack Web API with its Events API deliveries. The account is the workspace the
 * token was issued in; it starts with #general (a welcome message in it) and #random and four
 * members, as a workspace someone installs an app into would.
 */
export const slackSimulation: ProviderSimulation<SlackState> = {
  provider: 'slack',
  initialState,
  route,
  errors: slackDialect,
  accountView: slackAccountView,
  exampleCalls: slackExampleCalls,
  ownerScopes: SIMULATED_SCOPES,
  refused: (status, body) => status >= 400 || (body as { ok?: unknown } | null)?.ok !== true,
}

/** The registry entry. */
export const slack = {
  id: 'slack',
  simulation: slackSimulation,
  scheme: slackScheme,
} as const satisfies ProviderKit
