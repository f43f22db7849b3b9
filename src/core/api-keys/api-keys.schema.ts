import { z } from 'zod'
import { noControlCharacters } from '../common/text.js'

export const KeyRoleSchema = z.enum(['secret', 'publishable']).meta({ id: 'KeyRole' })

export const ApiKeySchema = z
  .object({
    id: z.string().meta({ example: 'key_3n1XbVb0Jc2qAqKf8mZp' }),
    name: z.string(),
    role: KeyRoleSchema,
    status: z.enum(['active', 'revoked']),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the key, to recognise it. Never the key.' }),
    created_at: z.string().datetime(),
    revoked_at: z.string().datetime().nullable(),
  })
  .meta({ id: 'ApiKey' })
export type ApiKey = z.infer<typeof ApiKeySchema>

export const CreateApiKeySchema = z
  .object({
    name: noControlCharacters(z.string().trim().min(1).max(100)),
    role: KeyRoleSchema,
  })
  .strict()
  .meta({ id: 'CreateApiKey' })

export const CreatedApiKeySchema = z
  .object({
    id: z.string(),
    key: z.string().meta({ description: 'The full key. Returned only in this response; store it now.' }),
    name: z.string(),
    role: KeyRoleSchema,
    created_at: z.string().datetime(),
  })
  .meta({ id: 'CreatedApiKey' })
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>
