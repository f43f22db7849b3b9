import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { jiraDialect } from './errors.js'
import { route } from './routes.js'
import { jiraScheme } from './scheme.js'
import { jiraSeed } from './seed.js'
import { initialState, type JiraState } from './state.js'
import { jiraTokens } from './tokens.js'
import { jiraAccountView, jiraExampleCalls } from './view.js'
import { JIRA_EVENT_TYPES, jiraSample } from './webhooks.js'

/**
 * The simulated Jira Cloud REST API v3 (issues, transitions, comments, JQL search) for jira.js,
 * with its issue and comment webhooks. A new site has project SY with the Task type and the
 * default workflow (To Do → In Progress → Done).
 */
export const jiraSimulation: ProviderSimulation<JiraState> = {
  provider: 'jira',
  initialState,
  route,
  errors: jiraDialect,
  accountView: jiraAccountView,
  exampleCalls: jiraExampleCalls,
  ownerScopes: ['read:jira-work', 'write:jira-work', 'read:jira-user'],
}

// The type is the body's `webhookEvent`, one of the fields capture already reads.
const jiraWebhooks = {
  types: JIRA_EVENT_TYPES,
  sample: jiraSample,
} satisfies ProviderWebhooks

/** The registry entry. */
export const jira = {
  id: 'jira',
  simulation: jiraSimulation,
  scheme: jiraScheme,
  webhooks: jiraWebhooks,
  seed: jiraSeed,
  tokens: jiraTokens,
} as const satisfies ProviderKit
