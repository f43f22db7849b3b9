import type { CompiledApi } from './compile-api.js'
import type { GenerateContext } from './generate-value.js'
import type { OpenApiStateRepo } from './openapi-state.repo.js'

/** What answering a resource's operation needs: the document, the stored objects, whose they are. */
export interface CrudContext {
  api: CompiledApi
  repo: OpenApiStateRepo
  workspaceId: string
  connectionId: string
  gen: GenerateContext
  /** Told of each object created, updated or deleted (the document's webhooks for it go out). */
  changed?: (change: 'create' | 'update' | 'delete', object: Record<string, unknown>) => void
}
