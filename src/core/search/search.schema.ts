import { z } from '@hono/zod-openapi'

export const MAX_IN_VALUES = 100
export const DEFAULT_LIMIT = 50
export const MAX_LIMIT = 200

const ScalarSchema = z.union([z.string().max(1024), z.number(), z.boolean()])

export const OPERATORS = ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte'] as const
export type Operator = (typeof OPERATORS)[number]

export const FilterOperatorSchema = z
  .object({
    eq: ScalarSchema,
    neq: ScalarSchema,
    in: z.array(ScalarSchema).min(1).max(MAX_IN_VALUES),
    gt: ScalarSchema,
    gte: ScalarSchema,
    lt: ScalarSchema,
    lte: ScalarSchema,
  })
  .partial()
  .strict()
  .refine((op) => Object.keys(op).length > 0, {
    message: 'needs one operator: eq, neq, in, gt, gte, lt or lte',
  })
  .openapi('FilterOperator', {
    description: 'One or more operators; several in one object are combined with AND.',
    example: { eq: 'active' },
  })

export const SortEntrySchema = z
  .object({
    field: z.string(),
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict()
  .openapi('SortEntry')

/** The one request body every search endpoint accepts (SERVICE-SPEC 4.2). Every field is optional. */
export const SearchRequestSchema = z
  .object({
    filter: z
      .record(z.string(), FilterOperatorSchema)
      .optional()
      .openapi({ description: 'Field name → operator object; entries are combined with AND.' }),
    sort: z.array(SortEntrySchema).max(5).optional(),
    query: z.string().max(256).optional().openapi({ description: 'Full-text query; provider search only.' }),
    cursor: z.string().max(4096).optional().openapi({ description: 'The `next_cursor` of a previous page.' }),
    limit: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({
        description: `Page size; default ${DEFAULT_LIMIT}, values above ${MAX_LIMIT} are clamped.`,
      }),
    fields: z.array(z.string()).min(1).max(64).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
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
      limit: z.number().int(),
    })
    .openapi(name)
}

export interface SearchPage<T> {
  data: T[]
  has_more: boolean
  next_cursor?: string
  limit: number
}
