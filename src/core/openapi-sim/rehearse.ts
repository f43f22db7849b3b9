import type { CompiledApi, Operation } from './compile-api.js'
import { answerResource } from './crud.js'
import { seededRandom } from './generate-value.js'
import { checkRequest } from './match-request.js'
import type { OpenApiStateRepo } from './openapi-state.repo.js'
import { exampleAnswer } from './respond.js'
import { validatorsOf } from './validators.js'

/** Keeps nothing: a rehearsal's objects are thrown away. */
const scratchRepo: OpenApiStateRepo = {
  save: () => undefined,
  get: () => undefined,
  list: () => [],
  lastSeq: () => 0,
  remove: () => false,
}

/** A path that matches the operation's template, its parameters filled with `1`. */
const concretePath = (operation: Operation) =>
  `/${operation.template.segments
    .map((s) => (typeof s === 'string' ? s : `${s.prefix}1${s.suffix}`))
    .join('/')}`

/**
 * Answers one representative call of the document (a resource's create, else the first operation)
 * with nothing kept: the code that checks requests, compiles schemas and generates answers is run
 * once, when the document is loaded, so the first real call pays only for its own operation's
 * schemas. Without it V8 compiles that code, and ajv its keyword generators, during the first call.
 */
export function rehearse(api: CompiledApi): void {
  validatorsOf(api).warm()
  const operation =
    api.operations.find((o) => o.role === 'create') ??
    api.operations.find((o) => o.resource) ??
    api.operations[0]
  if (!operation) return
  const params = Object.fromEntries(
    operation.template.segments.flatMap((s) => (typeof s === 'string' ? [] : [[s.param, '1']])),
  )
  const request = checkRequest(
    api,
    { operation, path: concretePath(operation), params },
    { query: '', headers: [['content-type', 'application/json']], body: Buffer.from('{}') },
  )
  const gen = { doc: api.doc, random: seededRandom('rehearsal'), now: new Date(0).toISOString() }
  if (operation.resource) {
    answerResource(
      { api, repo: scratchRepo, workspaceId: '', connectionId: '', gen },
      { ...request, problems: [] },
    )
  } else exampleAnswer(api, operation, gen)
}
