import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { githubDialect } from './errors.js'
import { route } from './routes.js'
import { githubScheme } from './scheme.js'
import { type GithubState, initialState } from './state.js'
import { githubAccountView, githubExampleCalls } from './view.js'

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

/** The registry entry. */
export const github = {
  id: 'github',
  simulation: githubSimulation,
  scheme: githubScheme,
} as const satisfies ProviderKit
