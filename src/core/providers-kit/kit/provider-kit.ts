import type { Connection } from '../../connections/connections.schema.js'
import type { ProxyAnswer, ProxyCall } from '../../proxy/answerer.js'
import type { Sample, SampleBuilder } from '../../triggers/samples/sample.js'
import type { PageOrder } from '../engine/simulation.repo.js'
import type { TokenVerdict } from '../engine/token-ledger.js'
import type { SignatureScheme } from '../schemes/scheme.js'
import type { SimulationIds } from './ids.js'
import type { RateCounts } from './rate-limit.js'
import type { TokenStyle } from './token-style.js'

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
  /** The path's parameters, as the route table matched them (`{ owner, repo }`). */
  params: Readonly<Record<string, string>>
  /** Random values for answers and webhooks (request and delivery ids). */
  ids: SimulationIds
  /** This gateway core's simulated rate-limit counts (rate-limit.ts). */
  rates: RateCounts
}

/** The parts a call's answer needs, before the shared code turns them into a ProxyAnswer. */
export type Handler<State> = (ctx: SimulationContext<State>) => ProxyAnswer

/** A provider's router, with the operations it answers (`GET /repos/:owner/:repo`) for the catalog to list. */
export type Router<State> = ((call: Pick<ProxyCall, 'method' | 'path'>) => Handler<State> | undefined) & {
  operations: readonly string[]
}

/** What an error answer may draw on besides its arguments. */
export interface ErrorEnv {
  nowMs: number
  ids: SimulationIds
}

/**
 * A provider's error dialect, as data the gateway can also use for its own errors on `/proxy`:
 * the body it writes for a status and message (GitHub's `{message, documentation_url}`, Slack's
 * HTTP 200 `{ok:false,error}`, HubSpot's `{status:"error",…}`), and its answers to a refused
 * token, a rate limit and a server failure.
 */
export interface ErrorDialect {
  contentType: string
  /** The provider's error body for a status and a message (or error code). */
  body(status: number, message: string, ids: SimulationIds): unknown
  /** The HTTP status it sends that body with (Slack: 200 for most errors); the status when absent. */
  statusOf?(status: number): number
  unauthorized(verdict: Exclude<TokenVerdict, 'ok'>, env: ErrorEnv): ProxyAnswer
  rateLimited(env: ErrorEnv): ProxyAnswer
  serverError(status: number, env: ErrorEnv): ProxyAnswer
  /**
   * The message `body` gets for one of the gateway's own errors on `/proxy` (Slack: its error code,
   * GitHub: words its SDK's throttling recognises); the problem's `detail` when absent.
   */
  gatewayMessage?(problem: GatewayProblem): string
  /**
   * The `User-Agent` of the provider's official SDKs: lets the gateway answer in this dialect when
   * it may not look the connection up (an unknown key). Absent: such errors stay problem+json.
   */
  clients?: RegExp
}

/** One of the gateway's own errors (an RFC 9457 problem), as a dialect may word it. */
export interface GatewayProblem {
  status: number
  code: string
  detail: string
}

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
  /** Other catalog ids the same API answers (Graph: `outlook-calendar` besides `outlook-mail`). */
  aliases?: readonly string[]
  initialState(connection: Connection, nowMs: number): State
  /** Picks the handler of a call; its `operations` are what the catalog lists as simulated. */
  route: Router<State>
  /**
   * An asynchronous step before a routed call is answered, outside its transaction (Graph's
   * subscription handshake, an outbound request); an answer ends the call with it.
   */
  prepare?(call: ProxyCall, env: ErrorEnv): Promise<ProxyAnswer | undefined>
  /** The provider's answers for the shared token rule and faults, and its error shape. */
  errors: ErrorDialect
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

/**
 * Everything that is one provider's, as the registry lists it: the catalog id it answers, its
 * built-in simulation, its signature scheme, its webhooks and its demo seed.
 */
export interface ProviderKit {
  /** The catalog id (`resources/providers`) of the provider this kit simulates. */
  id: string
  // biome-ignore lint/suspicious/noExplicitAny: each kit's state type is its own; the engine treats it as opaque JSON
  simulation: ProviderSimulation<any>
  scheme?: SignatureScheme
  webhooks?: ProviderWebhooks
  seed?: DemoSeed
  /** How its tokens look, when the simulator should issue lookalikes. */
  tokens?: TokenStyle
}

/** A provider's webhooks: the event types it sends, samples `switchyard trigger` sends, its type. */
export interface ProviderWebhooks {
  /** The event types its samples build; a trigger of another type is refused (a typo). */
  types: readonly string[]
  /** Whether a type may add an action: GitHub's `pull_request.closed`. */
  takesActions?: boolean
  sample: SampleBuilder
  /** The header its webhooks name their type in (`X-GitHub-Event`), lower case. */
  typeHeader?: string
  /** Its type from a parsed body, where it says so its own way (an envelope, a batch); undefined: not its shape. */
  typeFromBody?(body: unknown): unknown
}

/** Requests run through a simulated account's own API, answered in order (see Simulation.seed). */
export type SeedRequest = { method: string; path: string; body?: unknown }
export type SeedRun = (requests: readonly SeedRequest[]) => Array<{ status: number; body: unknown }>

/** What `seed demo` makes of a provider's simulated accounts. */
export interface DemoSeed {
  /** The summary's line: `simulated <label> <n> requests (<made>)`. */
  label: string
  made: string
  /** The scopes the demo's connections are granted (the simulated API enforces them). */
  scopes: readonly string[]
  /**
   * One connection of its own (a tenant, every scope), else a share of the demo's tenants along
   * with the webhook-only providers, and the sample webhook types the demo sends for it.
   */
  own?: { tenant: string }
  webhookTypes?: readonly string[]
  /** Fills one account through `run`; returns how many requests it ran. */
  fill(run: SeedRun, tenant: string): number
}
