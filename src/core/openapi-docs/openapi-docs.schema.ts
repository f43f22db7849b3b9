import { z } from 'zod'

/** The largest document `PUT /api/providers/{provider_id}/openapi` accepts (GitHub's is about 13 MB). */
export const OPENAPI_BODY_LIMIT = 50 * 1024 * 1024

/** What the gateway knows of a provider's attached OpenAPI document (the document itself is `GET`). */
export const OpenApiDocumentInfoSchema = z
  .object({
    provider: z.string(),
    openapi: z.string().meta({ description: 'The OpenAPI version the document declares (3.0.x or 3.1.x).' }),
    title: z.string().meta({ description: "The document's `info.title`." }),
    version: z.string().meta({ description: "The document's `info.version`." }),
    content_type: z
      .enum(['application/json', 'application/yaml'])
      .meta({ description: 'How it was uploaded; `GET` answers it the same way.' }),
    size: z.number().int().meta({ description: 'Bytes, as uploaded.' }),
    operations: z.number().int().meta({ description: 'Operations (method + path) the document declares.' }),
    resources: z.array(z.string()).meta({
      description:
        'Collection paths the simulation keeps state for (a collection path with an item path below it, such as `/pets` and `/pets/{petId}`).',
    }),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: 'OpenApiDocumentInfo' })
export type OpenApiDocumentInfo = z.infer<typeof OpenApiDocumentInfoSchema>
