import type { IncomingMessage } from 'node:http'
import type { Principal } from '../../core/auth/authenticate.js'
import type { Event } from '../../core/events/events.schema.js'
import type { ProxyAnswer } from '../../core/proxy/answerer.js'
import type { HandshakeReply } from '../../core/webhooks/handshakes.js'

/**
 * What a fast lane (proxy-fast-lane.ts, capture-fast-lane.ts, search-fast-lane.ts) already did for a
 * request it hands to the app: the app's route then takes it instead of doing it again, so nothing is
 * counted, stored or answered twice, and what the app writes is what it would have written had it
 * done it itself.
 */
export interface CountedHandover {
  principal: Principal
  /** The RateLimit fields of the counted call, or throws the refusal counting it gave. */
  counted(): Record<string, string> | undefined
}

export interface ProxyHandover extends CountedHandover {
  /** The call's answer, or rejects with the error it ended in. */
  answered(): Promise<ProxyAnswer>
}

export interface CaptureHandover {
  /** The capture's outcome (the body has been read): stored, or the error it ended in. */
  captured(): Promise<{ event: Event; reply: HandshakeReply | null }>
}

type Handover = CountedHandover | ProxyHandover | CaptureHandover

const handovers = new WeakMap<IncomingMessage, Handover>()

export const handOver = (incoming: IncomingMessage, handover: Handover): void => {
  handovers.set(incoming, handover)
}

/** The handover of the request the app serves (`c.env.incoming`), if a fast lane began it. */
export function handedOver<K extends 'counted' | 'answered' | 'captured'>(
  env: unknown,
  kind: K,
):
  | (K extends 'counted' ? CountedHandover : K extends 'answered' ? ProxyHandover : CaptureHandover)
  | undefined {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
  const handover = incoming && handovers.get(incoming)
  return handover && kind in handover ? (handover as never) : undefined
}
