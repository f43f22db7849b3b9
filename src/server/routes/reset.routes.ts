import { type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import type { AppEnv } from '../env.js'
import { json, keyRoute } from '../openapi.js'

const ResetResultSchema = z
  .object({
    workspace: z.string(),
    deleted: z.record(z.string(), z.number().int()).openapi({ description: 'Rows deleted, by table.' }),
  })
  .openapi('ResetResult')

/** POST /api/reset: empties the caller's workspace between tests, keeping the workspace and its keys. */
export function registerResetRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const reset = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/reset',
    tags: ['Snapshots'],
    summary: "Delete the workspace's data (keeps the workspace, its API keys and allowed redirect origins)",
    description:
      "For test suites: call between tests to start from an empty workspace. Deletes connections, installations, sessions, events, provider configs and custom providers of the calling key's workspace.",
    operationId: 'resetWorkspace',
    responses: { 200: json(ResetResultSchema, 'What was deleted.') },
  })
  app.openapi(reset, (c) => {
    const principal = c.get('principal')
    const deleted = core.snapshots.resetWorkspace(principal.workspaceId)
    return c.json({ workspace: core.workspaces.getById(principal.workspaceId).name, deleted }, 200)
  })
}
