import type { Answerer, ProxyAnswer, ProxyCall } from './answerer.js'

type AnswerFn = (call: ProxyCall) => ProxyAnswer | undefined | Promise<ProxyAnswer | undefined>

/**
 * The provider simulations as the chain sees them: the only place the proxy meets the simulation
 * code, which offers two bare functions (its answer, and its connection faults).
 */
export function simulationAnswerers(simulation: { answerer: AnswerFn; faultAnswerer: AnswerFn }): {
  simulation: Answerer
  faults: Answerer
} {
  return {
    simulation: { name: 'built-in simulation', answer: simulation.answerer },
    faults: { name: 'fault', answer: simulation.faultAnswerer },
  }
}
