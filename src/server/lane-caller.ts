import type { Core } from '../core/core.js'
import { countRequest } from './middleware/rate-limit.js'
import type { CountedHandover } from './routes/handover.js'

/**
 * The caller a fast lane serves itself (proxy-fast-lane.ts, search-fast-lane.ts): a secret API key,
 * not the admin token, counted against its workspace's rate limit as the app counts it. Undefined
 * for any other credential, which the app then checks and counts itself. Once counted, the call is
 * the lane's to finish or to hand to the app with this handover: `refusal` is set when the count
 * refused it, and `counted()` then throws it, as the app's own count would.
 */
export function countedCaller(
  core: Pick<Core, 'auth' | 'rateLimits'>,
  token: string,
  workspace: string | undefined,
): (CountedHandover & { refusal?: unknown }) | undefined {
  let principal: CountedHandover['principal']
  try {
    principal = core.auth.authenticate(token, workspace)
  } catch {
    return undefined
  }
  if (principal.role !== 'secret' || principal.admin) return undefined
  try {
    const fields = countRequest(core, principal)
    return { principal, counted: () => fields }
  } catch (refusal) {
    return {
      principal,
      refusal,
      counted: () => {
        throw refusal
      },
    }
  }
}
