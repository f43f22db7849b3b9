import type { FieldError } from '../errors.js'
import type { OpenApiDocsService } from '../openapi-docs/openapi-docs.service.js'
import type { ProxyAnswer, ProxyCall } from '../proxy/answerers.js'
import { checkRequest, findOperation } from './match-request.js'
import { declaredResponse } from './respond.js'
import { jsonSchemaOf } from './schema-walk.js'
import { validatorsOf } from './validators.js'

/** What the validating proxy found wrong with an exchange (both lists empty: it matched the document). */
export interface ExchangeValidation {
  request: FieldError[]
  response: FieldError[]
}

/** Answers larger than this are passed on unchecked (their body would have to be held in memory). */
export const VALIDATED_BODY_CAP = 10 * 1024 * 1024

const header = (headers: Array<[string, string]>, name: string) =>
  headers.find(([n]) => n.toLowerCase() === name)?.[1]

async function bytesOf(body: ProxyAnswer['body']): Promise<Uint8Array> {
  if (body === null) return new Uint8Array()
  if (body instanceof Uint8Array) return body
  return new Uint8Array(await new Response(body).arrayBuffer())
}

/**
 * Checks a live (or recorded) exchange against the provider's OpenAPI document: the request as
 * the simulation would, and the answer's status and JSON body against the declared response.
 * Returns the answer with its body read into memory (so it can be checked) and
 * `Switchyard-Validation: passed|failed`, or the answer untouched with no validation when the
 * provider has no document or the answer declares a body over the cap.
 */
export async function validateExchange(
  docs: OpenApiDocsService,
  call: ProxyCall,
  answer: ProxyAnswer,
): Promise<{ answer: ProxyAnswer; validation?: ExchangeValidation }> {
  const api = docs.load(call.workspaceId, call.connection.provider)
  const declaredSize = Number(header(answer.headers, 'content-length') ?? 0)
  if (!api || declaredSize > VALIDATED_BODY_CAP) return { answer }
  const validation: ExchangeValidation = { request: [], response: [] }
  const body = await bytesOf(answer.body)
  const read = { ...answer, body: answer.body === null ? null : body }
  const found = findOperation(api, call.method, call.path)
  if (!found) {
    validation.request.push({
      pointer: '',
      detail: `no operation of the document matches ${call.method} ${call.path}`,
    })
  } else {
    validation.request.push(...checkRequest(api, found, call).problems)
    const declared = declaredResponse(found.operation, [answer.status])
    const responses = (found.operation.operation.responses ?? {}) as Record<string, unknown>
    const response = declared?.response ?? responses.default
    if (response === undefined) {
      validation.response.push({
        pointer: '',
        detail: `status ${answer.status} is not declared for ${found.operation.id}`,
      })
    } else {
      const schema = jsonSchemaOf(api.doc, response)
      const type = header(answer.headers, 'content-type') ?? ''
      if (schema && /json/i.test(type) && body.length > 0) {
        try {
          const value = JSON.parse(Buffer.from(body).toString('utf8')) as unknown
          validation.response.push(
            ...validatorsOf(api).check(
              `${found.operation.pointer}:${answer.status}`,
              schema,
              'response',
              value,
            ),
          )
        } catch {
          validation.response.push({ pointer: '', detail: 'the answer is not valid JSON' })
        }
      }
    }
  }
  const failed = validation.request.length > 0 || validation.response.length > 0
  read.headers = [...answer.headers, ['switchyard-validation', failed ? 'failed' : 'passed']]
  return { answer: read, validation }
}
