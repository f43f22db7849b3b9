import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { VERSION } from '../../core/version.js'
import type { AppEnv } from '../env.js'

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Meta'],
  summary: 'Liveness check',
  description:
    'Answers 200 with the version as soon as the server listens, before the rest of the API is assembled. Needs no key; loopback Hosts only.',
  operationId: 'health',
  responses: {
    200: {
      description: 'The gateway is up.',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok'), version: z.string() }) } },
    },
  },
})

/** GET /health: liveness for scripts and the startup benchmark. */
export function registerHealth(app: OpenAPIHono<AppEnv>) {
  app.openapi(health, (c) => c.json({ status: 'ok' as const, version: VERSION }, 200))
}
