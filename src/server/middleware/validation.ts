import type { z } from '@hono/zod-openapi'
import { AppError, type FieldError, pointerOf } from '../../core/errors.js'

type Issue = z.core.$ZodIssue

function describe(issue: Issue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required'
  return issue.message
}

/** zod issues → our 400 with one `{pointer, detail}` per problem. */
export function validationError(target: string, error: z.ZodError): AppError {
  const errors: FieldError[] = error.issues.map((issue) => ({
    pointer: target === 'json' ? pointerOf(issue.path) : `${target}:${pointerOf(issue.path) || '/'}`,
    detail: describe(issue),
  }))
  const where = target === 'json' ? 'request body' : target === 'param' ? 'path' : target
  return new AppError('invalid_request', `The ${where} is not valid.`, { errors })
}

/** The `defaultHook` of the OpenAPIHono app: every validation failure becomes the same problem shape. */
export const validationHook = (
  result: { success: true } | { success: false; error: z.ZodError; target: string },
): void => {
  if (!result.success) throw validationError(result.target, result.error)
}
