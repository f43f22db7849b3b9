import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { VERSION } from '../../core/version.js'
import type { AppEnv } from '../env.js'

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  reason: z.literal('disk_full').optional().openapi({
    description:
      "Why the gateway is degraded: `disk_full`, the data folder's disk filled under a write (writes answer 503 `disk_full` until space returns; reads keep working).",
  }),
  version: z.string(),
})

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Meta'],
  summary: 'Liveness check',
  description:
    'Answers 200 with the version as soon as the server listens, before the rest of the API is assembled: `ok`, or `degraded` with a `reason` while the gateway runs but cannot store writes. Needs no key; loopback Hosts only.',
  operationId: 'health',
  responses: {
    200: {
      description: 'The gateway is up.',
      content: { 'application/json': { schema: HealthSchema } },
    },
  },
})

/** GET /health: liveness for scripts and the startup benchmark, and whether writes can be stored. */
export function registerHealth(app: OpenAPIHono<AppEnv>, core: Core) {
  app.openapi(health, (c) =>
    c.json(
      core.disk.full
        ? { status: 'degraded' as const, reason: 'disk_full' as const, version: VERSION }
        : { status: 'ok' as const, version: VERSION },
      200,
    ),
  )
}
