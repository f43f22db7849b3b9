import { githubSimulation } from './github/github.simulation.js'
import { hubspotSimulation } from './hubspot/hubspot.simulation.js'
import type { ProviderSimulation } from './kit/provider-kit.js'
import { slackSimulation } from './slack/slack.simulation.js'

/** The built-in provider simulations, one folder each. */
export const BUILT_IN_SIMULATIONS: readonly ProviderSimulation[] = [
  githubSimulation as ProviderSimulation,
  slackSimulation as ProviderSimulation,
  hubspotSimulation as ProviderSimulation,
]
