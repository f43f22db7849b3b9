import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { StartPullSchema, StartPushSchema, SyncJobSchema } from '../../core/sync/sync.schema.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute } from '../openapi.js'

const TAG = 'Admin (local UI)'

/** Upstream sync as background jobs for the UI (local admin token): start a pull or a push, then poll the job. */
export function registerSyncRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { jobs } = core.sync
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  const pull = keyRoute(core, 'admin', [], {
    method: 'post',
    path: '/api/sync/pull',
    tags: [TAG],
    summary: 'Start pulling an upstream workspace into this one',
    description:
      "Copies the upstream's custom providers, provider configs (no secrets), installations, connections (no tokens) and events through its search endpoints; a repeated pull fetches only what is new. One sync job runs at a time per workspace (409 otherwise).",
    operationId: 'startSyncPull',
    request: { body: { content: { 'application/json': { schema: StartPullSchema } }, required: true } },
    responses: { 202: json(SyncJobSchema, 'The job, running.'), ...errors(409, 413, 415) },
  })
  app.openapi(pull, (c) => c.json(jobs.startPull(ws(c), c.req.valid('json')), 202))

  const push = keyRoute(core, 'admin', [], {
    method: 'post',
    path: '/api/sync/push',
    tags: [TAG],
    summary: "Start pushing this workspace's captured webhooks to an upstream",
    description:
      "Sends each webhook captured here (not events pulled from an upstream) to the upstream's /webhooks/{provider}, byte-exact with its original headers; each one is sent once.",
    operationId: 'startSyncPush',
    request: { body: { content: { 'application/json': { schema: StartPushSchema } }, required: true } },
    responses: { 202: json(SyncJobSchema, 'The job, running.'), ...errors(409, 413, 415) },
  })
  app.openapi(push, (c) => c.json(jobs.startPush(ws(c), c.req.valid('json')), 202))

  const get = keyRoute(core, 'admin', [], {
    method: 'get',
    path: '/api/sync/jobs/{id}',
    tags: [TAG],
    summary: 'Get a sync job and its progress',
    operationId: 'getSyncJob',
    request: { params: IdParamSchema },
    responses: { 200: json(SyncJobSchema, 'The job.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(jobs.get(ws(c), c.req.valid('param').id), 200))
}
