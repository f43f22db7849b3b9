import type { Principal } from '../core/api-keys/api-keys.service.js'

/** Hono context variables shared by middleware and routes. */
export type AppEnv = {
  Variables: {
    principal: Principal
    requestId: string
  }
}
