import type { z } from 'zod'
import type { ProxyAnswer } from '../../proxy/answerer.js'

/** The first thing a request's fields failed on, for the provider to word in its own dialect. */
export interface FieldIssue {
  /** The top-level field (`text`, `filterGroups`); '' when the input as a whole is wrong. */
  key: string
  /** Where the problem is, from the top (`['filterGroups', 0, 'filters']`). */
  path: ReadonlyArray<PropertyKey>
  /** zod's issue code (`invalid_type`, `too_big`, `custom`…). */
  code: string
  /** The schema's message for it: what the provider's error says. */
  message: string
}

/**
 * A request's fields (a JSON body, a method's arguments) read through a zod schema: the parsed
 * value, or `refuse`'s answer for the first issue. Issues come in the schema's key order, so the
 * first failing field is the first the provider would check.
 */
export function readFields<S extends z.ZodType>(
  input: unknown,
  schema: S,
  refuse: (issue: FieldIssue) => ProxyAnswer,
): z.output<S> | ProxyAnswer {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  return refuse({
    key: typeof issue.path[0] === 'string' ? issue.path[0] : '',
    path: issue.path,
    code: issue.code,
    message: issue.message,
  })
}
