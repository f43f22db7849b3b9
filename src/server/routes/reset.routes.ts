import { type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { FixturesSchema } from '../../core/fixtures/fixtures.schema.js'
import { FIXTURE_SECTIONS, fixturesOf } from '../../core/fixtures/fixtures.service.js'
import type { AppEnv } from '../env.js'
import { json, keyRoute } from '../openapi.js'

const ResetResultSchema = z
  .object({
    workspace: z.string(),
    deleted: z.record(z.string(), z.number().int()).openapi({ description: 'Rows deleted, by table.' }),
    created: z
      .record(z.enum(FIXTURE_SECTIONS), z.number().int())
      .optional()
      .openapi({ description: 'Items the fixtures created, by kind (only when `fixtures` was sent).' }),
  })
  .openapi('ResetResult')

const ResetRequestSchema = z
  .object({
    fixtures: FixturesSchema.meta({
      id: 'Fixtures',
      description:
        'A fixtures document (schemas/fixtures.schema.json in the package). It may only declare the calling workspace.',
    }).optional(),
  })
  .strict()
  .openapi('ResetRequest')

/** POST /api/reset: empties the caller's workspace between tests, keeping the workspace and its keys. */
export function registerResetRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const reset = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/reset',
    tags: ['Snapshots'],
    summary: "Delete the workspace's data (keeps the workspace, its API keys and allowed redirect origins)",
    description:
      "For test suites: call between tests to start from an empty workspace. Deletes connections, installations, sessions, events, provider configs and custom providers of the calling key's workspace. With `fixtures`, then applies the calling workspace's entry of that document (its tier, keys, configs, connections, …); invalid fixtures are refused whole with every problem by JSON pointer, and then nothing is deleted. Through the workspace's own key, a declared `tier` or `rpm` must be the one it has (403 otherwise: only the admin token, the CLI and `startSwitchyard` set limits); an id another workspace holds is a 409.",
    operationId: 'resetWorkspace',
    request: {
      body: { content: { 'application/json': { schema: ResetRequestSchema } }, required: false },
    },
    responses: { 200: json(ResetResultSchema, 'What was deleted (and created).') },
  })
  app.openapi(reset, (c) => {
    const principal = c.get('principal')
    const { fixtures } = (c.req.valid('json') ?? {}) as z.infer<typeof ResetRequestSchema>
    const result = fixtures
      ? fixturesOf(core).resetAndApply(principal.workspaceId, fixtures, '/fixtures', {
          mayChangeTier: principal.admin,
        })
      : { deleted: core.snapshots.resetWorkspace(principal.workspaceId) }
    return c.json({ workspace: core.workspaces.getById(principal.workspaceId).name, ...result }, 200)
  })
}
