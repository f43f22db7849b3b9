import { AppError } from '../errors.js'
import type { Answerer, ProxyAnswer, ProxyCall } from './answerer.js'

/** How a call is answered: a simulated connection's, or a real one's by its config's `proxy_mode`. */
export type ChainMode = 'simulated' | 'live' | 'record' | 'replay'

export interface Chain {
  mode: ChainMode
  /** Asked before the answerers, whatever answers: a pending fault answers (simulated connections). */
  faults?: Answerer
  /** Asked in order; the first answer wins. */
  answerers: readonly Answerer[]
}

/** The parts the chains are made of (core.ts builds the offline ones, proxy.service.ts the live ones). */
export interface ChainParts {
  mockRoutes: Answerer
  simulation: Answerer
  faults: Answerer
  /** The provider's OpenAPI document (simulated connections of a provider that has one). */
  openapi: Answerer
  recordings: Answerer
  live: Answerer
  /** Wraps the live answerer so each exchange is also stored. */
  record: (live: Answerer) => Answerer
  /** Wraps a live or record answerer so its exchanges are checked against the provider's OpenAPI document. */
  validate: (answerer: Answerer) => Answerer
}

/**
 * The one place that says what answers in each mode (built once, not per call):
 * - simulated: faults, then mock routes, the built-in simulation, the provider's OpenAPI document,
 *   recordings (never the network);
 * - live: the provider; record: the provider, each exchange stored; both checked against the
 *   OpenAPI document when the provider config has `validate_against_openapi`;
 * - replay: mock routes, then recordings (never the network).
 */
export function defineChains(parts: ChainParts): Record<ChainMode, Chain> {
  return {
    simulated: {
      mode: 'simulated',
      faults: parts.faults,
      answerers: [parts.mockRoutes, parts.simulation, parts.openapi, parts.recordings],
    },
    live: { mode: 'live', answerers: [parts.validate(parts.live)] },
    // Validated outside the recorder: the recording keeps the provider's answer as it came.
    record: { mode: 'record', answerers: [parts.validate(parts.record(parts.live))] },
    replay: { mode: 'replay', answerers: [parts.mockRoutes, parts.recordings] },
  }
}

/** `a`, `a or b`, `a, b or c`. */
const either = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`

/** Asks the chain's faults, then its answerers in order; nothing answering is a 501 or 404 naming them. */
export async function runChain(chain: Chain, call: ProxyCall): Promise<ProxyAnswer> {
  const faulted = await chain.faults?.answer(call)
  if (faulted) return faulted
  for (const answerer of chain.answerers) {
    const answer = await answerer.answer(call)
    if (answer) return answer
  }
  const what = `${call.method} ${call.path}${call.query ? `?${call.query}` : ''}`
  const names = chain.answerers.map((a) => a.name)
  if (chain.mode === 'simulated') {
    throw new AppError(
      'simulation_unavailable',
      `Nothing answers ${what} for simulated connection '${call.connection.id}' of '${call.connection.provider}': no ${either(names)} matches. Declare a mock route (switchyard mocks add, or POST /api/mock-routes), attach the provider's OpenAPI document for a stateful simulation of its whole API (switchyard providers openapi ${call.connection.provider} FILE, or PUT /api/providers/${call.connection.provider}/openapi), record it against the real provider (a provider config with proxy_mode "record"), or import a cassette (switchyard recordings import FILE, or POST /api/recordings/import).`,
      { headers: { 'switchyard-proxy-mode': 'simulated' } },
    )
  }
  throw new AppError(
    'recording_not_found',
    `Replay mode: no ${either(names)} of '${call.connection.provider}' matches ${what} (method, path and query parameters must match). Record it (proxy_mode "record"), import a cassette or declare a mock route.`,
    { headers: { 'switchyard-proxy-mode': 'replay' } },
  )
}
