import type { Connection } from '../../connections/connections.schema.js'
import { hashHex } from '../kit/hash.js'

/** The kinds of object a mailbox stores; messages are scoped by folder (`inbox`, `sentitems`, `drafts`). */
export type Kind = 'message' | 'event' | 'subscription'
export const FOLDERS = ['inbox', 'sentitems', 'drafts'] as const
export type Folder = (typeof FOLDERS)[number]

/** The simulated mailbox: its owner, id counters and the change sequence delta tokens name. */
export interface GraphState {
  user: { id: string; displayName: string; mail: string }
  tenantId: string
  /** Letters every id of this mailbox carries, so ids differ by connection. */
  tag: string
  next: Record<Kind, number>
  /** Bumped by every change to a message; an item remembers the sequence of its last change. */
  seq: number
  /** Whether the Inbox has been given its first messages (on the first call). */
  filled: boolean
}

const guidOf = (seed: string) => {
  const h = hashHex(seed, 32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export function initialState(connection: Connection): GraphState {
  const tenant = connection.tenant_id.toLowerCase().replace(/[^a-z0-9-]/g, '') || 'contoso'
  return {
    user: {
      id: guidOf(`${connection.id}:user`),
      displayName: 'Megan Bowen',
      mail: `megan@${tenant}.example`,
    },
    tenantId: guidOf(`${connection.id}:tenant`),
    tag: hashHex(connection.id, 8).toUpperCase(),
    next: { message: 1, event: 1, subscription: 1 },
    seq: 0,
    filled: false,
  }
}

const PREFIX: Record<Kind, string> = { message: 'AAMkAGI2', event: 'AAMkAEvt', subscription: '' }

/** An object's id: Graph's opaque base64-looking ids for items, a GUID for subscriptions. */
export const idOf = (state: GraphState, kind: Kind, num: number) =>
  kind === 'subscription'
    ? guidOf(`${state.tag}:sub:${num}`)
    : `${PREFIX[kind]}${state.tag}${String(num).padStart(8, '0')}AAA=`

/** The number an id of this kind names; undefined for any other id. */
export function numOf(state: GraphState, kind: Kind, id: string | undefined): number | undefined {
  if (!id) return undefined
  if (kind === 'subscription') {
    for (let n = 1; n < state.next.subscription; n++) if (idOf(state, kind, n) === id) return n
    return undefined
  }
  const m = id.match(new RegExp(`^${PREFIX[kind]}${state.tag}(\\d{8})AAA=$`))
  return m ? Number(m[1]) : undefined
}
