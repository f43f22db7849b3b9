import { z } from 'zod'
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

const FieldNameSchema = z.string({ error: 'expected a field name' }).min(1).max(64)
const ScalarSchema = z.union([z.string().max(1024), z.number(), z.boolean()], {
  error: 'expected a string, a number or a boolean',
})
const EqualitySchema = z.union([z.string().max(1024), z.number(), z.boolean(), z.null()], {
  error: 'expected a string, a number, a boolean or null',
})

/** An operator object's keys: several in one object are combined with AND (README "Searching"). */
export const FilterOperatorSchema = z
  .object(
    {
      eq: EqualitySchema.meta({ description: 'Equals. `null` matches records where the field is empty.' }),
      neq: EqualitySchema.meta({ description: 'Not equal; records where the field is empty match too.' }),
      in: z
        .array(ScalarSchema, { error: `expected an array of 1 to ${MAX_IN_VALUES} values` })
        .min(1, `'in' needs at least one value`)
        .max(MAX_IN_VALUES, `'in' takes at most ${MAX_IN_VALUES} values`)
        .meta({ description: 'Is one of these values.' }),
      gt: ScalarSchema.meta({ description: 'Greater than (text, numbers and ISO 8601 timestamps).' }),
      gte: ScalarSchema.meta({ description: 'Greater than or equal.' }),
      lt: ScalarSchema.meta({ description: 'Less than.' }),
      lte: ScalarSchema.meta({ description: 'Less than or equal.' }),
    },
    { error: `expected an object of operator → value (${OPERATOR_LIST})` },
  )
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
  .meta({
    id: 'FilterOperator',
    description:
      'One or more operators (at least one); several in one object are combined with AND, e.g. `{"gte": "2026-01-01", "lt": "2026-02-01"}`.',
    example: { eq: 'active' },
    minProperties: 1,
    additionalProperties: false,
  } as never)
export type FilterOperator = z.infer<typeof FilterOperatorSchema>

export const SortEntrySchema = z
  .object(
    {
      field: FieldNameSchema,
      direction: z.enum(['asc', 'desc']).default('asc'),
    },
    { error: 'expected a sort key {"field": …, "direction": "asc" | "desc"}' },
  )
  .strict()
  .meta({ id: 'SortEntry' })

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ error: 'expected an integer' })
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`)
    .refine(Number.isInteger, `${what} must be a whole number`)

/** The one request body every search endpoint accepts (SERVICE-SPEC 4.2). Every field is optional. */
export const SearchRequestSchema = z
  .object({
    filter: z
      .record(FieldNameSchema, FilterOperatorSchema, { error: 'expected an object of field → operator' })
      .refine((f) => Object.keys(f).length <= MAX_FILTER_FIELDS, `at most ${MAX_FILTER_FIELDS} fields`)
      .optional()
      .meta({
        description: `Field name → operator object; entries are combined with AND. At most ${MAX_FILTER_FIELDS} fields.`,
        maxProperties: MAX_FILTER_FIELDS,
        // Not in zod-to-openapi's metadata type, but emitted as given: the keys' own bounds.
        propertyNames: { type: 'string', minLength: 1, maxLength: 64 },
      } as never),
    sort: z
      .array(SortEntrySchema, { error: 'expected an array of sort keys' })
      .max(MAX_SORT_KEYS)
      .optional()
      .meta({ description: 'Sort keys in order; `id` is always the last tie-breaker.' }),
    query: z.string({ error: 'expected a string' }).max(256).optional().meta({
      description: 'Full-text query, ranked by relevance. Provider search only.',
    }),
    cursor: z.string({ error: 'expected a string' }).max(4096).optional().meta({
      description: 'The `next_cursor` of the previous page, with the same filter, sort and query.',
    }),
    // Above MAX_LIMIT the server clamps rather than refuses (DESIGN), so the schema states no maximum.
    limit: wholeNumber(1, Number.MAX_VALUE, 'limit')
      .optional()
      .meta({
        type: 'integer',
        minimum: 1,
        description: `Page size; default ${DEFAULT_LIMIT}. Any value above ${MAX_LIMIT} is accepted and clamped to ${MAX_LIMIT}; the response's \`limit\` is the size applied.`,
        example: DEFAULT_LIMIT,
      }),
    fields: z
      .array(FieldNameSchema, { error: 'expected an array of field names' })
      .min(1)
      .max(64)
      .optional()
      .meta({
        description: 'Return only these fields of each item; `id` and `created_at` always come too.',
      }),
    offset: wholeNumber(0, MAX_OFFSET, 'offset')
      .optional()
      .meta({
        type: 'integer',
        minimum: 0,
        maximum: MAX_OFFSET,
        description: `Skip this many records (at most ${MAX_OFFSET.toLocaleString('en')}); not together with \`cursor\`.`,
      }),
  })
  .strict()
  .meta({ id: 'SearchRequest' })
export type SearchRequest = z.infer<typeof SearchRequestSchema>

/** The response envelope shared by every search endpoint. */
/** The fields every search result item carries, whatever `fields` selects. */
export const ALWAYS_SELECTED = ['id', 'created_at'] as const

/** What a searchable resource's item schema must have: the always-selected fields. */
export type SearchableItemSchema = z.ZodObject<{ id: z.ZodTypeAny; created_at: z.ZodTypeAny }>

/**
 * A result item: any field may be left out by `fields`, except the always-selected ones, so
 * generated clients can rely on `id` and `created_at`.
 */
export const searchItemSchema = (item: SearchableItemSchema) =>
  item.partial().required({ id: true, created_at: true })

export function searchEnvelopeSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().optional().meta({ description: 'Absent when has_more is false.' }),
      limit: z.number().int().meta({ description: 'The page size applied.' }),
    })
    .meta({ id: name })
}

export interface SearchPage<T> {
  data: T[]
  has_more: boolean
  next_cursor?: string
  limit: number
}
