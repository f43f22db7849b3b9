import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { slackDialect } from './errors.js'
import { route } from './routes.js'
import { slackSample } from './samples.js'
import { slackScheme } from './scheme.js'
import { slackSeed } from './seed.js'
import { initialState, SIMULATED_SCOPES, type SlackState } from './state.js'
import { slackTokens } from './tokens.js'
import { slackAccountView, slackExampleCalls } from './view.js'
import { SLACK_EVENT_TYPES, slackEventType } from './webhooks.js'

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

const slackWebhooks = {
  types: SLACK_EVENT_TYPES,
  sample: slackSample,
  typeFromBody: slackEventType,
} satisfies ProviderWebhooks

/** The registry entry. */
export const slack = {
  id: 'slack',
  simulation: slackSimulation,
  scheme: slackScheme,
  webhooks: slackWebhooks,
  seed: slackSeed,
  tokens: slackTokens,
} as const satisfies ProviderKit
