import type { IncomingMessage } from 'node:http'
import type { Principal } from '../../core/auth/authenticate.js'
import type { ProxyAnswer } from '../../core/proxy/answerer.js'

/**
 * What the proxy's fast lane (proxy-fast-lane.ts) already did for a call it hands to the app: the
 * app's proxy route then takes these instead of doing them again, so the call is counted against
 * the rate limit once and answered (or logged) once, and what the app writes is what it would have
 * written had it done them itself.
 */
export interface ProxyHandover {
  principal: Principal
  /** The RateLimit fields of the counted call, or throws the refusal counting it gave. */
  counted(): Record<string, string> | undefined
  /** The call's answer, or rejects with the error it ended in. */
  answered(): Promise<ProxyAnswer>
}

const handovers = new WeakMap<IncomingMessage, ProxyHandover>()

export const handOver = (incoming: IncomingMessage, handover: ProxyHandover): void => {
  handovers.set(incoming, handover)
}

/** The handover of the request the app serves, if the fast lane began it (`c.env.incoming`). */
export const handedOver = (env: unknown): ProxyHandover | undefined => {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming && handovers.get(incoming)
}
