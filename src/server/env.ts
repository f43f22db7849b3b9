import type { Principal } from '../core/auth/authenticate.js'

/** Hono context variables shared by middleware and routes. */
export type AppEnv = {
  Variables: {
    principal: Principal
    requestId: string
  }
}
