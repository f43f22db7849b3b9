import type { Db } from '../../db/open.js'
import { inTransaction } from '../../db/open.js'
import { AppError } from '../../errors.js'
import type { ProxyCall } from '../../proxy/answerer.js'
import type { Sample } from '../../triggers/samples/sample.js'
import type { EngineParts } from './shared.js'

/**
 * Fills a simulated connection's account by running API requests through its provider's
 * simulation, as the connection's own calls would (same validation, same objects), without the
 * token rule or faults. For `seed demo` and fixtures. Webhooks are sent only when asked.
 * Returns each answer's status and parsed body; stops at the first refusal (one transaction).
 */
export function createSeeder(parts: EngineParts, db: Db) {
  const { clock, repo } = parts
  return function seed(
    workspaceId: string,
    connectionId: string,
    requests: ReadonlyArray<{ method: string; path: string; body?: unknown }>,
    options: { webhooks?: boolean; origin?: string } = {},
  ): Array<{ status: number; body: unknown }> {
    const connection = parts.simulatedConnection(workspaceId, connectionId)
    const sim = parts.simulationOf(connection.provider)
    if (!sim) throw new AppError('conflict', `There is no built-in simulation of '${connection.provider}'.`)
    const samples: Sample[] = []
    const results = inTransaction(db, () =>
      requests.map(({ method, path, body }) => {
        const [pathname, query = ''] = path.split('?') as [string, string?]
        const call: ProxyCall = {
          workspaceId,
          connection,
          method: method.toUpperCase(),
          path: pathname,
          query,
          headers: [['content-type', 'application/json']],
          body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
          origin: options.origin ?? 'http://127.0.0.1:4747',
        }
        const handler = sim.route(call)
        if (!handler)
          throw new AppError(
            'invalid_request',
            `The ${connection.provider} simulation does not answer ${method} ${pathname}.`,
          )
        const answer = handler({
          call,
          nowMs: clock.now(),
          // The account's owner acts with every scope when it is being filled.
          scopes: [...connection.scopes, ...(sim.ownerScopes ?? [])],
          state: parts.account(workspaceId, connection).state,
          saveState: (state) => repo.saveState(workspaceId, connection.id, JSON.stringify(state)),
          objects: parts.objectsOf(workspaceId, connection.id),
          emit: (sample) => samples.push(sample),
          params: {},
          ids: parts.ids,
          rates: parts.rates,
        })
        const text = answer.body instanceof Uint8Array ? Buffer.from(answer.body).toString('utf8') : ''
        const parsed: unknown = text ? JSON.parse(text) : null
        if (sim.refused ? sim.refused(answer.status, parsed) : answer.status >= 400) {
          throw new AppError(
            'invalid_request',
            `${method} ${pathname} was answered ${answer.status}: ${text.slice(0, 300)}`,
          )
        }
        return { status: answer.status, body: parsed }
      }),
    )
    if (options.webhooks)
      parts.send(workspaceId, connection.provider, samples, options.origin ?? 'http://127.0.0.1:4747', {
        connection_id: connection.id,
        tenant_id: connection.tenant_id,
      })
    return results
  }
}
