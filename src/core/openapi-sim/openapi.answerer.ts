import { type Clock, isoAt } from '../common/clock.js'
import type { OpenApiDocsService } from '../openapi-docs/openapi-docs.service.js'
import type { Answerer } from '../proxy/answerer.js'
import type { Sample } from '../triggers/samples/sample.js'
import { answerResource } from './crud.js'
import { seededRandom } from './generate-value.js'
import { checkRequest, findOperation } from './match-request.js'
import type { OpenApiStateRepo } from './openapi-state.repo.js'
import { errorAnswer, exampleAnswer } from './respond.js'
import { changeSample, webhooksForChange } from './webhooks.js'

/** Queues signed webhooks for capture, in the order of the calls that caused them (the simulation's outbox). */
export type SendWebhooks = (
  workspaceId: string,
  provider: string,
  samples: Sample[],
  origin: string,
  attribution?: { connection_id: string; tenant_id: string },
) => void

/**
 * The simulation a provider's OpenAPI document gives its simulated connections: the operation is
 * found by method and path template, the request checked against the document (400 in the
 * document's error shape), inferred resources answered from the connection's stored objects, and
 * anything else from the document's example or a value generated from its schema. Passes when the
 * connection is real, the provider has no document, or no operation matches.
 */
export function createOpenApiAnswerer(deps: {
  docs: OpenApiDocsService
  repo: OpenApiStateRepo
  clock: Clock
  /** Where the document's webhooks for a change go (none are sent without it). */
  send?: SendWebhooks
}): Answerer {
  return { name: 'OpenAPI operation', answer }
  async function answer(call: Parameters<Answerer['answer']>[0]) {
    if (call.connection.mode !== 'simulated') return undefined
    // Prepared in the background since the start: wait for it rather than parse it twice.
    await deps.docs.preparation(call.workspaceId, call.connection.provider)
    const api = deps.docs.load(call.workspaceId, call.connection.provider)
    if (!api) return undefined
    const found = findOperation(api, call.method, call.path)
    if (!found) return undefined
    const request = checkRequest(api, found, call)
    // The same request gets the same generated values.
    const seed = `${call.connection.id} ${call.method} ${call.path}?${call.query} ${call.body.toString('base64')}`
    const gen = { doc: api.doc, random: seededRandom(seed), now: isoAt(deps.clock.now()) }
    if (request.problems.length > 0) {
      return errorAnswer(
        api,
        request.operation,
        400,
        'The request does not match the OpenAPI document.',
        gen,
        request.problems,
      )
    }
    if (request.operation.resource) {
      const { connection } = call
      const changed = (change: 'create' | 'update' | 'delete', object: Record<string, unknown>) => {
        const samples = webhooksForChange(api, request.operation, change).map((webhook) =>
          changeSample(api, webhook, request.operation, object, gen),
        )
        deps.send?.(call.workspaceId, connection.provider, samples, call.origin, {
          connection_id: connection.id,
          tenant_id: connection.tenant_id,
        })
      }
      return answerResource(
        { api, repo: deps.repo, workspaceId: call.workspaceId, connectionId: connection.id, gen, changed },
        request,
      )
    }
    return exampleAnswer(api, request.operation, gen)
  }
}
