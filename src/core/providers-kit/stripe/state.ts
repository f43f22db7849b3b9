import type { Connection } from '../../connections/connections.schema.js'
import { hashNumber } from '../kit/hash.js'

/** The kinds of object the simulated account stores, with their id prefixes. */
export const PREFIX = {
  customer: 'cus',
  payment_intent: 'pi',
  charge: 'ch',
  refund: 're',
  event: 'evt',
} as const
export type Kind = keyof typeof PREFIX

/** The simulated account: its id tag and counters (objects live in simulation_objects). */
export interface StripeState {
  account: string
  /** Letters every id of this account carries, so ids look like Stripe's and differ by account. */
  tag: string
  next: Record<Kind, number>
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A fixed run of letters derived from the connection's id. */
const tagOf = (seed: string, length: number) =>
  Array.from({ length }, (_, i) => LETTERS[hashNumber(`${seed}:${i}`, 0, LETTERS.length)]).join('')

export function initialState(connection: Connection): StripeState {
  return {
    account: `acct_1${tagOf(`${connection.id}:acct`, 15)}`,
    tag: tagOf(connection.id, 8),
    next: { customer: 1, payment_intent: 1, charge: 1, refund: 1, event: 1 },
  }
}

/** `cus_<tag><number>`: the object's id. */
export const idOf = (state: StripeState, kind: Kind, num: number) =>
  `${PREFIX[kind]}_${state.tag}${String(num).padStart(6, '0')}`

/** The number an id of this kind and account names; undefined for any other id. */
export function numOf(state: StripeState, kind: Kind, id: string | undefined): number | undefined {
  const head = `${PREFIX[kind]}_${state.tag}`
  if (!id?.startsWith(head)) return undefined
  const digits = id.slice(head.length)
  return /^\d{6,}$/.test(digits) ? Number(digits) : undefined
}
