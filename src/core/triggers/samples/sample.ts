import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { randomBase62 } from '../../common/ids.js'

/** What a provider would send for one event: a JSON body and the provider's own headers. */
export interface Sample {
  /** An object, or an array of them for providers that batch events (HubSpot). */
  body: Record<string, unknown> | Array<Record<string, unknown>>
  headers: Record<string, string>
  /** Defaults to application/json. */
  contentType?: string
  /**
   * Where the provider itself posts it (a Graph subscription's loopback `notificationUrl`); absent:
   * the gateway's capture path, signed with the provider config's secret.
   */
  to?: string
}

export interface SampleContext {
  type: string
  nowMs: number
}

export type SampleBuilder = (ctx: SampleContext) => Sample

/** Helpers that make sample values look like the real thing. */
export const fake = {
  /** Stripe-style id: `in_1Pq…`. */
  id: (prefix: string, length = 24) => `${prefix}_${randomBase62(length)}`,
  number: (digits = 9) => randomInt(10 ** (digits - 1), 10 ** digits - 1),
  uuid: () => randomUUID(),
  hex: (length: number) =>
    randomBytes(Math.ceil(length / 2))
      .toString('hex')
      .slice(0, length),
  seconds: (nowMs: number) => Math.floor(nowMs / 1000),
  iso: (nowMs: number) => new Date(nowMs).toISOString(),
  /** Slack-style id: `T04ABCDEF12`. */
  upper: (prefix: string, length = 10) =>
    `${prefix}${Array.from(randomBytes(length), (b) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[b % 36]).join('')}`,
}

/** `pull_request.opened` → `{ event: 'pull_request', action: 'opened' }`. */
export function splitAction(type: string): { event: string; action: string | undefined } {
  const dot = type.indexOf('.')
  return dot === -1
    ? { event: type, action: undefined }
    : { event: type.slice(0, dot), action: type.slice(dot + 1) }
}
