import { githubSimulation } from './github/index.js'
import { hubspotSimulation } from './hubspot/index.js'
import type { ProviderSimulation } from './kit/provider-kit.js'
import { slackSimulation } from './slack/index.js'

/** The built-in provider simulations, one folder each. */
export const BUILT_IN_SIMULATIONS: readonly ProviderSimulation[] = [
  githubSimulation as ProviderSimulation,
  slackSimulation as ProviderSimulation,
  hubspotSimulation as ProviderSimulation,
]
