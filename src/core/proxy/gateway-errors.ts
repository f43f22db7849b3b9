import type { Connection } from '../connections/connections.schema.js'
import type { SimulationIds } from '../providers-kit/kit/ids.js'
import type { ErrorDialect, GatewayProblem, ProviderSimulation } from '../providers-kit/kit/provider-kit.js'

/** A problem document as the gateway renders it (problem+json); every member goes along as it is. */
export type Problem = GatewayProblem & Record<string, unknown>

/** One of the gateway's own errors on `/proxy`, rewritten in a provider's error dialect. */
export interface DialectAnswer {
  status: number
  headers: Array<[string, string]>
  body: string
}

/** Who asks, about which connection: what the gateway may use to pick a dialect. */
export interface ErrorAudience {
  /** The workspace of a caller allowed to see its connections (a secret key); absent otherwise. */
  workspaceId?: string | undefined
  connectionId: string
  userAgent?: string | undefined
}

/**
 * The status a provider would answer with: nothing here answering a call (`simulation_unavailable`,
 * a 501 that SDK retry policies treat as a server failure) is the provider's 404 for an unknown path.
 */
const providerStatus = (problem: Problem) =>
  problem.code === 'simulation_unavailable' ? 404 : problem.status

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The body with the problem in a `switchyard` member: of the object, or of an array's first object (Salesforce's `[{message, errorCode}]`). */
function withProblem(body: unknown, problem: Problem): unknown {
  if (isObject(body)) return { ...body, switchyard: problem }
  if (Array.isArray(body) && isObject(body[0])) return [{ ...body[0], switchyard: problem }, ...body.slice(1)]
  return body
}

/**
 * The gateway's own error in a provider's dialect: the dialect's body for the status and message
 * (`gatewayMessage`, else the problem's detail), at the dialect's status for it (Slack: 200), with
 * the whole problem object in a `switchyard` member so its code and detail stay readable.
 */
export function inDialect(dialect: ErrorDialect, problem: Problem, ids: SimulationIds): DialectAnswer {
  const status = providerStatus(problem)
  const body = dialect.body(status, dialect.gatewayMessage?.(problem) ?? problem.detail, ids)
  return {
    status: dialect.statusOf?.(status) ?? status,
    headers: [['content-type', dialect.contentType]],
    body: JSON.stringify(withProblem(body, problem)),
  }
}

/**
 * Picks the dialect of the gateway's errors on `/proxy/{connection_id}`. A caller allowed to see the
 * workspace's connections gets the connection's provider's dialect (none: problem+json). Anyone else
 * (no key, an unknown or revoked key, a publishable key), or a connection that does not exist, gets
 * the dialect whose official SDK the `User-Agent` names, never one looked up: the answer must not
 * tell an unauthenticated caller whether the connection exists.
 */
export function createGatewayErrors(deps: {
  connection(workspaceId: string, id: string): Connection | undefined
  simulations: readonly ProviderSimulation[]
  ids: SimulationIds
}) {
  // A kit answers its aliases' connections too (Microsoft Graph: outlook-mail, outlook-calendar, …).
  const byProvider = new Map(
    deps.simulations.flatMap((s) => [s.provider, ...(s.aliases ?? [])].map((id) => [id, s.errors] as const)),
  )
  const byClient = deps.simulations.flatMap((s) => (s.errors.clients ? [s.errors] : []))

  const dialectFor = (audience: ErrorAudience): ErrorDialect | undefined => {
    const known = audience.workspaceId
      ? deps.connection(audience.workspaceId, audience.connectionId)
      : undefined
    if (known) return byProvider.get(known.provider)
    const agent = audience.userAgent
    return agent ? byClient.find((d) => d.clients?.test(agent)) : undefined
  }

  return {
    dialectFor,
    /** The problem in the dialect for this audience, or undefined to keep problem+json. */
    render(problem: Problem, audience: ErrorAudience): DialectAnswer | undefined {
      const dialect = dialectFor(audience)
      return dialect && inDialect(dialect, problem, deps.ids)
    },
  }
}
export type GatewayErrors = ReturnType<typeof createGatewayErrors>
