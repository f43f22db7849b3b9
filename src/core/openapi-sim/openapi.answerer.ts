import { type Clock, isoAt } from '../common/clock.js'
import type { OpenApiDocsService } from '../openapi-docs/openapi-docs.service.js'
import type { Answerer } from '../proxy/answerer.js'
import { answerResource } from './crud.js'
import { seededRandom } from './generate-value.js'
import { checkRequest, findOperation } from './match-request.js'
import type { OpenApiStateRepo } from './openapi-state.repo.js'
import { errorAnswer, exampleAnswer } from './respond.js'

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
      return answerResource(
        { api, repo: deps.repo, workspaceId: call.workspaceId, connectionId: call.connection.id, gen },
        request,
      )
    }
    return exampleAnswer(api, request.operation, gen)
  }
}
