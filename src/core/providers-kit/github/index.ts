import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { githubDialect } from './errors.js'
import { route } from './routes.js'
import { githubSample } from './samples.js'
import { githubScheme } from './scheme.js'
import { githubSeed } from './seed.js'
import { type GithubState, initialState } from './state.js'
import { githubTokens } from './tokens.js'
import { githubAccountView, githubExampleCalls } from './view.js'
import { GITHUB_EVENT_TYPES } from './webhooks.js'

/** The simulated GitHub REST v3 API (users, repositories, issues, comments) with its webhooks. */
export const githubSimulation: ProviderSimulation<GithubState> = {
  provider: 'github',
  initialState,
  route,
  errors: githubDialect,
  accountView: githubAccountView,
  exampleCallsFor: githubExampleCalls,
  ownerScopes: ['repo'],
}

const githubWebhooks = {
  types: GITHUB_EVENT_TYPES,
  sample: githubSample,
  takesActions: true,
  typeHeader: 'x-github-event',
} satisfies ProviderWebhooks

/** The registry entry. */
export const github = {
  id: 'github',
  simulation: githubSimulation,
  scheme: githubScheme,
  webhooks: githubWebhooks,
  seed: githubSeed,
  tokens: githubTokens,
} as const satisfies ProviderKit
