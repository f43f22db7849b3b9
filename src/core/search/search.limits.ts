/**
 * The search request's limits and operators. Apart from its zod schema (search.schema.ts), so the
 * search engine can use them without building the schema: a server builds that with its routes.
 */
export const DEFAULT_LIMIT = 50
export const MAX_LIMIT = 200
export const MAX_OFFSET = 10_000_000
export const MAX_IN_VALUES = 100
export const MAX_FILTER_FIELDS = 20
export const MAX_SORT_KEYS = 5

export const OPERATORS = ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte'] as const
export type Operator = (typeof OPERATORS)[number]
