import type { ErrorObject } from 'ajv'
import { type FieldError, pointerToken } from '../errors.js'

/** The message of one ajv error, in words a client can act on. */
export function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return `missing required field '${String(params.missingProperty)}'`
  if (error.keyword === 'additionalProperties') return `unknown field '${String(params.additionalProperty)}'`
  if (error.keyword === 'enum') return `must be one of ${JSON.stringify(params.allowedValues)}`
  return error.message ?? error.keyword
}

/**
 * ajv's errors as field errors, each once, `required` ones pointing at the missing field itself.
 * oneOf/anyOf/if summaries are left out: their branches' own errors say what is wrong.
 */
export function fieldErrors(
  errors: ErrorObject[] | null | undefined,
  base = '',
  max = Number.POSITIVE_INFINITY,
): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  for (const error of errors ?? []) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue
    const params = error.params as Record<string, unknown>
    const field = error.keyword === 'required' ? `/${pointerToken(String(params.missingProperty))}` : ''
    const problem = { pointer: `${base}${error.instancePath}${field}`, detail: describeError(error) }
    const key = `${problem.pointer}\u0000${problem.detail}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(problem)
    if (out.length >= max) break
  }
  return out
}
