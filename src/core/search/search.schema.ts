import { z } from '@hono/zod-openapi'
import {
  DEFAULT_LIMIT,
  MAX_FILTER_FIELDS,
  MAX_IN_VALUES,
  MAX_LIMIT,
  MAX_OFFSET,
  MAX_SORT_KEYS,
  OPERATORS,
} from './search.limits.js'

const OPERATOR_LIST = OPERATORS.join(', ')

const FieldNameSchema = z.string().min(1).max(64)
const ScalarSchema = z.union([z.string().max(1024), z.number(), z.boolean()], {
  error: 'must be a string, a number or a boolean',
})
const EqualitySchema = z.union([z.string().max(1024), z.number(), z.boolean(), z.null()], {
  error: 'must be a string, a number, a boolean or null',
})

export const FilterOperatorSchema = z
  .object({
    eq: EqualitySchema.openapi({ description: 'Equals. `null` matches records where the field is empty.' }),
    neq: EqualitySchema.openapi({ description: 'Not equal; records where the field is empty match too.' }),
    in: z
      .array(ScalarSchema, { error: `'in' takes an array of at most ${MAX_IN_VALUES} values` })
      .min(1, `'in' needs at least one value`)
      .max(MAX_IN_VALUES, `'in' takes at most ${MAX_IN_VALUES} values`),
    gt: ScalarSchema,
    gte: ScalarSchema,
    lt: ScalarSchema,
    lte: ScalarSchema,
  })
  .partial()
  // Unknown keys are reported by the refinement below, which can name the allowed operators.
  .loose()
  .superRefine((ops, ctx) => {
    const keys = Object.keys(ops)
    if (keys.length === 0) ctx.addIssue({ code: 'custom', message: `needs an operator: ${OPERATOR_LIST}` })
    for (const key of keys) {
      if (!(OPERATORS as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `unknown operator '${key.slice(0, 64)}'; allowed: ${OPERATOR_LIST}`,
        })
      }
    }
  })
  .openapi('FilterOperator', {
    description: 'One or more operators; several in one object are combined with AND.',
    example: { eq: 'active' },
    additionalProperties: false,
  } as never)
export type FilterOperator = z.infer<typeof FilterOperatorSchema>

export const SortEntrySchema = z
  .object({
    field: FieldNameSchema,
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict()
  .openapi('SortEntry')

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`)
    .refine(Number.isInteger, `${what} must be a whole number`)

/** The one request body every search endpoint accepts (SERVICE-SPEC 4.2). Every field is optional. */
export const SearchRequestSchema = z
  .object({
    filter: z
      .record(FieldNameSchema, FilterOperatorSchema)
      .refine((f) => Object.keys(f).length <= MAX_FILTER_FIELDS, `at most ${MAX_FILTER_FIELDS} fields`)
      .optional()
      .openapi({ description: 'Field name → operator object; entries are combined with AND.' }),
    sort: z
      .array(SortEntrySchema)
      .max(MAX_SORT_KEYS)
      .optional()
      .openapi({ description: 'Sort keys in order; `id` is always the last tie-breaker.' }),
    query: z.string().max(256).optional().openapi({
      description: 'Full-text query, ranked by relevance. Provider search only.',
    }),
    cursor: z.string().max(4096).optional().openapi({
      description: 'The `next_cursor` of the previous page, with the same filter, sort and query.',
    }),
    limit: wholeNumber(1, Number.MAX_VALUE, 'limit')
      .optional()
      .openapi({
        type: 'integer',
        description: `Page size; default ${DEFAULT_LIMIT}, values above ${MAX_LIMIT} are clamped to ${MAX_LIMIT}.`,
      }),
    fields: z
      .array(FieldNameSchema)
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: 'Return only these fields of each item.' }),
    offset: wholeNumber(0, MAX_OFFSET, 'offset')
      .optional()
      .openapi({ type: 'integer', description: 'Skip this many records; not together with `cursor`.' }),
  })
  .strict()
  .openapi('SearchRequest')
export type SearchRequest = z.infer<typeof SearchRequestSchema>

/** The response envelope shared by every search endpoint. */
export function searchEnvelopeSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().optional().openapi({ description: 'Absent when has_more is false.' }),
      limit: z.number().int().openapi({ description: 'The page size applied.' }),
    })
    .openapi(name)
}

export interface SearchPage<T> {
  data: T[]
  has_more: boolean
  next_cursor?: string
  limit: number
}
