import { type OpenAPIHono, z } from '@hono/zod-openapi'
import { CreatedApiKeySchema } from '../../core/api-keys/api-keys.schema.js'
import { apiKeysSearchable } from '../../core/api-keys/api-keys.searchable.js'
import { isoAt } from '../../core/common/clock.js'
import { connectionsSearchable } from '../../core/connections/connections.searchable.js'
import type { Core } from '../../core/core.js'
import { inTransaction } from '../../core/db/open.js'
import { eventsSearchable } from '../../core/events/events.searchable.js'
import { installationsSearchable } from '../../core/installations/installations.searchable.js'
import { providerConfigsSearchable } from '../../core/provider-configs/provider-configs.searchable.js'
import type { SearchRequest } from '../../core/search/search.schema.js'
import type { Searchable } from '../../core/search/searchable.js'
import {
  CreateWorkspaceSchema,
  TierSchema,
  WorkspaceNameSchema,
  WorkspaceSchema,
} from '../../core/workspaces/workspaces.schema.js'
import type { AppEnv } from '../env.js'
import { errors, json, keyRoute } from '../openapi.js'

const TAG = 'Admin (local UI)'

/** Counting stops here; the UI shows "10,000+" beyond it. */
export const COUNT_CAP = 10_000
/** Minutes of history in the overview's events-per-minute chart. */
export const CHART_MINUTES = 60

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
    capped: z.array(z.string()).openapi({ description: `Counts that reached ${COUNT_CAP} and stopped.` }),
    events_per_minute: z.array(z.object({ minute: z.string().datetime(), count: z.number().int() })),
  })
  .openapi('AdminOverview')

/** Walks a search by cursor, handing each page to `each`; stops at COUNT_CAP records. */
function walk<I extends Record<string, unknown>, R>(
  core: Core,
  def: Searchable<I, R>,
  workspaceId: string,
  request: SearchRequest,
  each: (items: Array<Partial<I>>) => void,
): { count: number; capped: boolean } {
  let count = 0
  let cursor: string | undefined
  do {
    const page = core.search.search(def, workspaceId, { ...request, limit: 200, ...(cursor && { cursor }) })
    each(page.data)
    count += page.data.length
    cursor = page.next_cursor
  } while (cursor && count < COUNT_CAP)
  return { count, capped: cursor !== undefined }
}

/** The overview's numbers: record counts and events per minute over the last hour. */
function overview(core: Core, workspaceId: string) {
  const capped: string[] = []
  const count = (name: string, def: Searchable<never, never>, request: SearchRequest = {}) => {
    const result = walk(core, def, workspaceId, { ...request, fields: ['id'] }, () => {})
    if (result.capped) capped.push(name)
    return result.count
  }
  const now = core.clock.now()
  const firstMinute = Math.floor(now / 60_000) * 60_000 - (CHART_MINUTES - 1) * 60_000
  const perMinute = new Array<number>(CHART_MINUTES).fill(0)
  const events = walk(
    core,
    eventsSearchable,
    workspaceId,
    { filter: { created_at: { gte: isoAt(firstMinute) } }, fields: ['created_at'] },
    (items) => {
      for (const e of items) {
        const slot = Math.floor((Date.parse(e.created_at as string) - firstMinute) / 60_000)
        if (slot >= 0 && slot < CHART_MINUTES) perMinute[slot]! += 1
      }
    },
  )
  if (events.capped) capped.push('events_last_hour')
  return {
    workspace: core.workspaces.getById(workspaceId),
    counts: {
      api_keys: count('api_keys', apiKeysSearchable as never, { filter: { status: { eq: 'active' } } }),
      connections: count('connections', connectionsSearchable as never, {
        filter: { status: { neq: 'revoked' } },
      }),
      installations: count('installations', installationsSearchable as never),
      provider_configs: count('provider_configs', providerConfigsSearchable as never),
      events_last_hour: events.count,
    },
    capped,
    events_per_minute: perMinute.map((n, i) => ({ minute: isoAt(firstMinute + i * 60_000), count: n })),
  }
}

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
  app.openapi(quickStart, (c) => {
    const workspaceId = c.get('principal').workspaceId
    const date = isoAt(core.clock.now()).slice(0, 10)
    const keys = inTransaction(core.db, () => ({
      secret: core.apiKeys.create(workspaceId, { name: `Quick start secret key (${date})`, role: 'secret' }),
      publishable: core.apiKeys.create(workspaceId, {
        name: `Quick start publishable key (${date})`,
        role: 'publishable',
      }),
    }))
    return c.json(keys, 201)
  })

  const getOverview = keyRoute(core, 'admin', [], {
    method: 'get',
    path: '/api/admin/overview',
    tags: [TAG],
    summary: 'Counts and events per minute for the UI overview',
    operationId: 'adminOverview',
    responses: { 200: json(OverviewSchema, 'The overview of the workspace named by Switchyard-Workspace.') },
  })
  app.openapi(getOverview, (c) => c.json(overview(core, c.get('principal').workspaceId), 200))
}
