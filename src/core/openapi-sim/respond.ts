import type { FieldError } from '../errors.js'
import type { ProxyAnswer } from '../proxy/answerers.js'
import type { CompiledApi, Operation } from './compile-api.js'
import { type GenerateContext, generateValue } from './generate-value.js'
import { deref, jsonMediaOf, jsonSchemaOf, propertiesOf, type SchemaNode } from './schema-walk.js'

/** The response an operation declares for the first of these statuses it has (`2XX`, `default` too). */
export function declaredResponse(operation: Operation, statuses: readonly number[]) {
  const responses = (operation.operation.responses ?? {}) as Record<string, unknown>
  for (const status of statuses) {
    const key = [String(status), `${String(status)[0]}XX`].find((k) => k in responses)
    if (key) return { status, response: responses[key] }
  }
  return undefined
}

/** The first 2xx status an operation declares (`preferred` first when it declares that). */
export function successStatus(operation: Operation, preferred?: number): number {
  const responses = Object.keys((operation.operation.responses ?? {}) as Record<string, unknown>)
  if (preferred && responses.includes(String(preferred))) return preferred
  const declared = responses.filter((s) => /^2\d\d$/.test(s)).sort()[0]
  return declared ? Number(declared) : (preferred ?? 200)
}

/** The document's example for a response (`example`, else the first of `examples`), if it has one. */
function exampleOf(api: CompiledApi, response: unknown): { value: unknown } | undefined {
  const media = jsonMediaOf(api.doc, response)
  if (!media) return undefined
  if ('example' in media) return { value: media.example }
  const examples = media.examples as Record<string, unknown> | undefined
  const first = examples && Object.values(examples)[0]
  const resolved = deref(api.doc, first)
  return resolved && 'value' in resolved ? { value: resolved.value } : undefined
}

/** A JSON answer naming the operation. */
export function jsonAnswer(operation: Operation, status: number, body: unknown): ProxyAnswer {
  const noBody = body === undefined || status === 204 || status === 304
  return {
    status,
    headers: [
      ...(noBody ? [] : ([['content-type', 'application/json; charset=utf-8']] as Array<[string, string]>)),
      ['switchyard-operation', operation.id],
    ],
    body: noBody ? null : new TextEncoder().encode(JSON.stringify(body)),
    mode: 'simulated',
  }
}

/** The body of a declared response: its example, else a value generated from its schema, else none. */
export function bodyOf(api: CompiledApi, response: unknown, ctx: GenerateContext): unknown {
  const example = exampleOf(api, response)
  if (example) return example.value
  const schema = jsonSchemaOf(api.doc, response)
  return schema ? generateValue(schema, ctx) : undefined
}

/** The status and body the operation declares for a success, from its example or its schema. */
export function exampleAnswer(api: CompiledApi, operation: Operation, ctx: GenerateContext): ProxyAnswer {
  const status = successStatus(operation)
  const declared = declaredResponse(operation, [status])
  return jsonAnswer(operation, status, declared ? bodyOf(api, declared.response, ctx) : undefined)
}

const MESSAGE_FIELDS = ['message', 'detail', 'error_description', 'title', 'error']

/**
 * An error in the document's declared shape for that status (its schema's value, with the first
 * string message-like field carrying the explanation) or, when it declares none, problem+json.
 */
export function errorAnswer(
  api: CompiledApi,
  operation: Operation,
  status: number,
  detail: string,
  ctx: GenerateContext,
  problems: FieldError[] = [],
): ProxyAnswer {
  const declared = declaredResponse(operation, [status])
  const schema: SchemaNode | undefined = declared && jsonSchemaOf(api.doc, declared.response)
  if (schema) {
    const body = generateValue(schema, ctx)
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { properties } = propertiesOf(api.doc, schema)
      const field = MESSAGE_FIELDS.find((name) => properties[name]?.type === 'string')
      const explained = problems.length
        ? `${detail} ${problems.map((p) => `${p.pointer || '/'}: ${p.detail}`).join('; ')}`
        : detail
      if (field) (body as Record<string, unknown>)[field] = explained
    }
    return jsonAnswer(operation, status, body)
  }
  const problem = {
    type: 'about:blank',
    title: status === 404 ? 'Not Found' : 'Bad Request',
    status,
    detail,
    ...(problems.length > 0 && { errors: problems }),
  }
  const answer = jsonAnswer(operation, status, problem)
  answer.headers[0] = ['content-type', 'application/problem+json']
  return answer
}
