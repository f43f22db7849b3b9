import { z } from 'zod'

/**
 * Describes one use of a named schema (`TierSchema.optional()`, `ProviderApiSchema.nullable()`) for the
 * OpenAPI document, keeping the `$ref` to it. `.meta()` would register a clone of the wrapper, and
 * zod-to-openapi 9 then loses the inner schema's `id` and inlines it; registering the wrapper itself
 * reads as `.openapi()` did. The wrapper is new at each call site, so nothing else is touched.
 */
export function describeRef<T extends z.ZodType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description })
  return schema
}
