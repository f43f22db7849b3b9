import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { notionDialect } from './errors.js'
import { route } from './routes.js'
import { notionSeed } from './seed.js'
import { initialState, type NotionState } from './state.js'
import { notionTokens } from './tokens.js'
import { notionAccountView, notionExampleCalls } from './view.js'

/**
 * The simulated Notion API (version 2025-09-03, what @notionhq/client 5 sends): search, pages,
 * databases and their data sources with queries, block children, users. A new workspace shares a
 * "Getting started" page and a Tasks database with the integration. Notion sends no webhooks here.
 */
export const notionSimulation: ProviderSimulation<NotionState> = {
  provider: 'notion',
  initialState,
  route,
  errors: notionDialect,
  accountView: notionAccountView,
  exampleCalls: notionExampleCalls,
}

/** The registry entry. */
export const notion = {
  id: 'notion',
  simulation: notionSimulation,
  seed: notionSeed,
  tokens: notionTokens,
} as const satisfies ProviderKit
