import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { AppEnv } from '../env.js'
import { json } from '../openapi.js'
import { healthAnswer } from './health.js'

/** GET /health: liveness for scripts and the startup benchmark. */
export function registerMetaRoutes(app: OpenAPIHono<AppEnv>) {
  const health = createRoute({
    method: 'get',
    path: '/health',
    tags: ['Meta'],
    summary: 'Liveness check',
    description:
      'Answers 200 with the version as soon as the server listens, before the rest of the API is assembled. Needs no key; loopback Hosts only.',
    operationId: 'health',
    responses: {
      200: json(z.object({ status: z.literal('ok'), version: z.string() }), 'The gateway is up.'),
    },
  })
  app.openapi(health, (c) => c.json(healthAnswer(), 200))
}
