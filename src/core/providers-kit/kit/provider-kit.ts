import type { Connection } from '../../connections/connections.schema.js'
import type { ProxyAnswer, ProxyCall } from '../../proxy/answerers.js'
import type { Sample } from '../../triggers/samples/sample.js'
import type { PageOrder } from '../engine/simulation.repo.js'
import type { TokenVerdict } from '../engine/token-ledger.js'

/** One simulated account's objects, addressed by kind, scope and number; values are JSON text. */
export interface AccountObjects {
  get(kind: string, scope: string, num: number): string | undefined
  /** Stores the value (as JSON, returned); `tag` is what `page` can filter on (an issue's state). */
  put(kind: string, scope: string, num: number, value: unknown, tag?: string | null): string
  /** Optionally only those with a tag; newest first by default. */
  page(
    kind: string,
    scope: string,
    tag: string | null,
    limit: number,
    offset: number,
    order?: PageOrder,
  ): { rows: string[]; total: number }
}

/** What a provider's handler gets for one call on its simulated account. */
export interface SimulationContext<State> {
  call: ProxyCall
  nowMs: number
  /** The scopes the connection was granted. */
  scopes: readonly string[]
  state: State
  /** Persists a changed state (id counters and the like). */
  saveState(state: State): void
  objects: AccountObjects
  /** Queues the provider's webhook; it is sent after the answer, in order. */
  emit(sample: Sample): void
}

/** The parts a call's answer needs, before the shared code turns them into a ProxyAnswer. */
export type Handler<State> = (ctx: SimulationContext<State>) => ProxyAnswer

/** A titled table of a simulated account's objects, for the dashboard's connection detail. */
export interface SimulatedAccountSection {
  title: string
  columns: string[]
  rows: string[][]
}

/** A ready-made call for the dashboard's API panel (path relative to the provider's API base). */
export interface SimulationExampleCall {
  label: string
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
}

/**
 * A provider's built-in simulation, one folder per provider (`github/`). `route` picks the handler
 * for a call, or undefined to let the next answerer (recordings) try; the rest are the provider's
 * own answers for the shared token rule and faults.
 */
export interface ProviderSimulation<State = unknown> {
  provider: string
  initialState(connection: Connection, nowMs: number): State
  route(call: ProxyCall): Handler<State> | undefined
  unauthorized(verdict: Exclude<TokenVerdict, 'ok'>): ProxyAnswer
  rateLimited(nowMs: number): ProxyAnswer
  serverError(status: number): ProxyAnswer
  /** What the connection detail view shows of the account (e.g. GitHub's repos and issues). */
  accountView?(objects: AccountObjects, state: State): SimulatedAccountSection[]
  /** Example calls offered by the API panel, valid against a fresh or seeded account. */
  exampleCalls?: readonly SimulationExampleCall[]
  /**
   * Example calls that depend on the account (GitHub's paths name the login and a repository);
   * when present, the dashboard offers these instead of `exampleCalls`.
   */
  exampleCallsFor?(objects: AccountObjects, state: State): SimulationExampleCall[]
  /** Scopes the account's owner acts with when `seed` fills the account (GitHub's `repo`). */
  ownerScopes?: readonly string[]
  /**
   * Whether an answer is a refusal, for `seed` to stop at. HTTP status ≥ 400 when absent; Slack
   * refuses with HTTP 200 and `ok: false`.
   */
  refused?(status: number, body: unknown): boolean
}
