import { githubSimulation } from './github/github.simulation.js'
import type { ProviderSimulation } from './provider-simulation.js'
import { slackSimulation } from './slack/slack.simulation.js'

/** The built-in provider simulations, one folder each (HubSpot comes next). */
export const BUILT_IN_SIMULATIONS: readonly ProviderSimulation[] = [
  githubSimulation as ProviderSimulation,
  slackSimulation as ProviderSimulation,
]
