import type { Hono } from 'hono'
import { VERSION } from '../../core/version.js'
import type { AppEnv } from '../env.js'

/** What GET /health answers: the gateway is up, and which version it is. */
export const healthAnswer = () => ({ status: 'ok' as const, version: VERSION })

/**
 * GET /health without its OpenAPI description, for a server that answers it before the API is
 * assembled: that needs none of the route machinery (meta.routes.ts documents the same answer).
 */
export function registerHealth(app: Hono<AppEnv>) {
  app.get('/health', (c) => c.json(healthAnswer(), 200))
}
