import { type OpenAPIHono, z } from '@hono/zod-openapi'
import { CreatedApiKeySchema } from '../../core/api-keys/api-keys.schema.js'
import type { Core } from '../../core/core.js'
import {
  CreateWorkspaceSchema,
  TierSchema,
  WorkspaceNameSchema,
  WorkspaceSchema,
} from '../../core/workspaces/workspaces.schema.js'
import type { AppEnv } from '../env.js'
import { errors, json, keyRoute } from '../openapi.js'

const TAG = 'Admin (local UI)'

const WorkspaceListSchema = z.object({ data: z.array(WorkspaceSchema) }).openapi('WorkspaceList')
const AdminCreateWorkspaceSchema = CreateWorkspaceSchema.strict().openapi('CreateWorkspace')
const SetTierSchema = z
  .object({
    tier: TierSchema,
    rpm: z
      .number()
      .int()
      .positive()
      .max(1_000_000)
      .optional()
      .openapi({ description: 'Requests per minute; enterprise tier only.' }),
  })
  .strict()
  .openapi('SetWorkspaceTier')
const WorkspaceParamSchema = z.object({
  name: WorkspaceNameSchema,
})
const QuickStartKeysSchema = z
  .object({ secret: CreatedApiKeySchema, publishable: CreatedApiKeySchema })
  .openapi('QuickStartKeys')
const OverviewSchema = z
  .object({
    workspace: WorkspaceSchema,
    counts: z.object({
      api_keys: z.number().int(),
      connections: z.number().int(),
      installations: z.number().int(),
      provider_configs: z.number().int(),
      events_last_hour: z.number().int(),
    }),
    events_per_minute: z.array(z.object({ minute: z.string().datetime(), count: z.number().int() })),
  })
  .openapi('AdminOverview')

/**
 * Endpoints only the local admin token (the UI) may call: the workspace switcher, tier changes,
 * quick-start keys and the overview's numbers. API keys get 403 here.
 */
export function registerAdminRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const listWorkspaces = keyRoute(core, 'admin', [], {
    method: 'get',
    path: '/api/admin/workspaces',
    tags: [TAG],
    summary: 'List workspaces (for the UI workspace switcher)',
    operationId: 'adminListWorkspaces',
    responses: { 200: json(WorkspaceListSchema, 'Every workspace in this data folder.') },
  })
  app.openapi(listWorkspaces, (c) => c.json({ data: core.workspaces.list() }, 200))

  const createWorkspace = keyRoute(core, 'admin', [], {
    method: 'post',
    path: '/api/admin/workspaces',
    tags: [TAG],
    summary: 'Create a workspace',
    operationId: 'adminCreateWorkspace',
    request: {
      body: { content: { 'application/json': { schema: AdminCreateWorkspaceSchema } }, required: true },
    },
    responses: { 201: json(WorkspaceSchema, 'The new workspace.'), ...errors(409, 413, 415) },
  })
  app.openapi(createWorkspace, (c) => c.json(core.workspaces.create(c.req.valid('json')), 201))

  const setTier = keyRoute(core, 'admin', [], {
    method: 'patch',
    path: '/api/admin/workspaces/{name}',
    tags: [TAG],
    summary: "Change a workspace's tier (and an enterprise rpm); takes effect at once",
    operationId: 'adminSetWorkspaceTier',
    request: {
      params: WorkspaceParamSchema,
      body: { content: { 'application/json': { schema: SetTierSchema } }, required: true },
    },
    responses: { 200: json(WorkspaceSchema, 'The updated workspace.'), ...errors(404, 413, 415) },
  })
  app.openapi(setTier, (c) => {
    const body = c.req.valid('json')
    return c.json(core.workspaces.setTier(c.req.valid('param').name, body.tier, body.rpm), 200)
  })

  const quickStart = keyRoute(core, 'admin', [], {
    method: 'post',
    path: '/api/admin/quick-start-keys',
    tags: [TAG],
    summary: 'Create a fresh secret + publishable key pair, shown once (existing keys cannot be shown again)',
    operationId: 'adminCreateQuickStartKeys',
    responses: { 201: json(QuickStartKeysSchema, 'The two new keys, with their full values.') },
  })
  app.openapi(quickStart, (c) =>
    c.json(core.apiKeys.createQuickStartPair(c.get('principal').workspaceId), 201),
  )

  const getOverview = keyRoute(core, 'admin', [], {
    method: 'get',
    path: '/api/admin/overview',
    tags: [TAG],
    summary: 'Counts and events per minute for the UI overview',
    operationId: 'adminOverview',
    responses: { 200: json(OverviewSchema, 'The overview of the workspace named by Switchyard-Workspace.') },
  })
  app.openapi(getOverview, (c) => c.json(core.overview(c.get('principal').workspaceId), 200))
}
