import { githubSimulation } from './github/github.simulation.js'
import { hubspotSimulation } from './hubspot/hubspot.simulation.js'
import type { ProviderSimulation } from './provider-simulation.js'

/** The built-in provider simulations, one folder each (Slack and HubSpot come next). */
export const BUILT_IN_SIMULATIONS: readonly ProviderSimulation[] = [
  githubSimulation as ProviderSimulation,
  hubspotSimulation as ProviderSimulation,
]
