import { z } from '@hono/zod-openapi'
import { noControlCharacters } from '../common/text.js'

export const KeyRoleSchema = z.enum(['secret', 'publishable']).openapi('KeyRole')

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: 'key_3n1XbVb0Jc2qAqKf8mZp' }),
    name: z.string(),
    role: KeyRoleSchema,
    status: z.enum(['active', 'revoked']),
    prefix: z
      .string()
      .openapi({ description: 'The first characters of the key, to recognise it. Never the key.' }),
    created_at: z.string().datetime(),
    revoked_at: z.string().datetime().nullable(),
  })
  .openapi('ApiKey')
export type ApiKey = z.infer<typeof ApiKeySchema>

export const CreateApiKeySchema = z
  .object({
    name: noControlCharacters(z.string().trim().min(1).max(100)),
    role: KeyRoleSchema,
  })
  .strict()
  .openapi('CreateApiKey')

export const CreatedApiKeySchema = z
  .object({
    id: z.string(),
    key: z.string().openapi({ description: 'The full key. Returned only in this response; store it now.' }),
    name: z.string(),
    role: KeyRoleSchema,
    created_at: z.string().datetime(),
  })
  .openapi('CreatedApiKey')
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>
