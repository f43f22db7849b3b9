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
}
