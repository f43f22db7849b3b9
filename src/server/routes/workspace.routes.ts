import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import {
  UpdateWorkspaceSettingsSchema,
  WorkspaceSettingsSchema,
} from '../../core/workspaces/workspaces.schema.js'
import type { AppEnv } from '../env.js'
import { errors, json, keyRoute } from '../openapi.js'

const TAG = 'Workspace'

/** GET and PATCH /api/workspace: the settings of the key's workspace (secret key). */
export function registerWorkspaceRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { workspaces, redirectOrigins } = core
  const settingsOf = (workspaceId: string) => ({
    ...workspaces.getById(workspaceId),
    allowed_redirect_origins: redirectOrigins.list(workspaceId),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/workspace',
    tags: [TAG],
    summary: "The key's workspace and its settings (allowed redirect origins)",
    operationId: 'getWorkspace',
    responses: { 200: json(WorkspaceSettingsSchema, 'The workspace and its settings.') },
  })
  app.openapi(get, (c) => c.json(settingsOf(c.get('principal').workspaceId), 200))

  const update = keyRoute(core, 'secret', [], {
    method: 'patch',
    path: '/api/workspace',
    tags: [TAG],
    summary: "Change the workspace's settings (allowed redirect origins)",
    description:
      "`allowed_redirect_origins` replaces the list of origins a session's `redirect_url` may point to besides loopback. An invalid entry is a 400 naming it, and nothing changes.",
    operationId: 'updateWorkspace',
    request: {
      body: { content: { 'application/json': { schema: UpdateWorkspaceSettingsSchema } }, required: true },
    },
    responses: { 200: json(WorkspaceSettingsSchema, 'The updated workspace.'), ...errors(413, 415) },
  })
  app.openapi(update, (c) => {
    const workspaceId = c.get('principal').workspaceId
    redirectOrigins.replace(workspaceId, c.req.valid('json').allowed_redirect_origins)
    return c.json(settingsOf(workspaceId), 200)
  })
}
