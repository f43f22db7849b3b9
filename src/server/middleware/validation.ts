import type { z } from '@hono/zod-openapi'
import { AppError, type FieldError, pointerOf } from '../../core/errors.js'

type Issue = z.core.$ZodIssue

const MISSING = Symbol('missing')

/** The input's own value at an issue's path, or MISSING when some key on the way is absent. */
function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return MISSING
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** What a JSON value is, in words: "an array", "a string", "null". */
function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

const EXPECTED: Record<string, string> = {
  object: 'an object',
  record: 'an object',
  array: 'an array',
  tuple: 'an array',
  int: 'an integer',
  boolean: 'true or false',
}
const expectedText = (expected: string) => EXPECTED[expected] ?? `a ${expected}`

// zod's own English messages start so; a schema's own message (its `error`) is kept as written.
const isZodDefault = (message: string) => message.startsWith('Invalid input')

/** The types the branches of a union expected, when each failed on its type alone. */
function unionExpected(issue: Extract<Issue, { code: 'invalid_union' }>): string[] | undefined {
  const expected = issue.errors.map((branch) =>
    branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0
      ? expectedText(branch[0]!.expected)
      : undefined,
  )
  return expected.every((e) => e !== undefined) ? [...new Set(expected)] : undefined
}

/**
 * One issue in words. A value of the wrong type says what was expected and what came, so it is
 * never mistaken for a missing one; "is required" only when the field is absent.
 */
function describe(issue: Issue, input: unknown): string {
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`
  const value = valueAt(input, issue.path)
  if (value === MISSING && (issue.code === 'invalid_type' || issue.code === 'invalid_union'))
    return 'is required'
  const got = `, got ${kindOf(value)}`
  if (issue.code === 'invalid_type') {
    return isZodDefault(issue.message)
      ? `expected ${expectedText(issue.expected)}${got}`
      : `${issue.message}${got}`
  }
  if (issue.code === 'invalid_union') {
    if (!isZodDefault(issue.message)) return `${issue.message}${got}`
    const expected = unionExpected(issue)
    if (expected) return `expected ${expected.join(' or ')}${got}`
  }
  return issue.message
}

const pointerIn = (target: string, path: ReadonlyArray<PropertyKey>) =>
  target === 'json' ? pointerOf(path) : `${target}:${pointerOf(path) || '/'}`

/** Field errors → our 400, its detail naming the first of them. */
export function invalidInput(target: string, errors: FieldError[]): AppError {
  const where = target === 'json' ? 'request body' : target === 'param' ? 'path' : target
  const [first] = errors
  const more =
    errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : ''
  const detail = first
    ? `The ${where} is not valid: ${first.detail} (at ${first.pointer || '/'})${more}.`
    : `The ${where} is not valid.`
  return new AppError('invalid_request', detail, { errors })
}

/** zod issues → our 400 with one `{pointer, detail}` per problem. `input` is what was validated. */
export function validationError(target: string, error: z.ZodError, input?: unknown): AppError {
  const errors: FieldError[] = error.issues.map((issue) => ({
    pointer: pointerIn(target, issue.path),
    detail: describe(issue, input),
  }))
  return invalidInput(target, errors)
}

type HookResult =
  | { success: true; target: string }
  | { success: false; error: z.ZodError; data: unknown; target: string }

/** The `defaultHook` of the OpenAPIHono app: every validation failure becomes the same problem shape. */
export const validationHook = (result: HookResult): void => {
  if (!result.success) throw validationError(result.target, result.error, result.data)
}
