import type { Connection } from '../../connections/connections.schema.js'
import { hashNumber } from '../kit/hash.js'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const SUFFIX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'

/** The key prefixes of the ids the simulated org makes (the query cursor's is `01g`). */
export const KEY_PREFIX = { Account: '001', Contact: '003', Opportunity: '006', cursor: '01g' } as const
export type IdKind = keyof typeof KEY_PREFIX

/** The simulated org: its id, the pod letters its ids carry, id counters and the API usage count. */
export interface SalesforceState {
  orgId: string
  pod: string
  next: Record<IdKind, number>
  apiUsage: number
}

const base62 = (n: number, width: number) => {
  let out = ''
  for (let v = n; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out
  return out.padStart(width, '0')
}

/** Salesforce's 3-character suffix: which letters of each 5-character chunk are upper case. */
export function caseSuffix(id15: string): string {
  let out = ''
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0
    for (let i = 0; i < 5; i++) if (/[A-Z]/.test(id15[chunk * 5 + i]!)) bits |= 1 << i
    out += SUFFIX[bits]
  }
  return out
}

const podOf = (seed: string) =>
  Array.from({ length: 2 }, (_, i) => BASE62[hashNumber(`${seed}:pod:${i}`, 10, 52)]).join('')

export function initialState(connection: Connection): SalesforceState {
  const pod = podOf(connection.id)
  const org = `00D${pod}${base62(hashNumber(`${connection.id}:org`, 1, 2 ** 30), 10)}`
  return {
    orgId: org + caseSuffix(org),
    pod,
    next: { Account: 1, Contact: 1, Opportunity: 1, cursor: 1 },
    apiUsage: 0,
  }
}

/** The 18-character id of an object number: key prefix, pod, counter, case suffix. */
export function idOf(state: SalesforceState, kind: IdKind, num: number): string {
  const id15 = `${KEY_PREFIX[kind]}${state.pod}${base62(num, 10)}`
  return id15 + caseSuffix(id15)
}

/** The number a 15- or 18-character id of this kind and org names; undefined for any other id. */
export function numOf(state: SalesforceState, kind: IdKind, id: string | undefined): number | undefined {
  if (!id || (id.length !== 15 && id.length !== 18)) return undefined
  const head = `${KEY_PREFIX[kind]}${state.pod}`
  const id15 = id.slice(0, 15)
  if (!id15.startsWith(head) || (id.length === 18 && id.slice(15) !== caseSuffix(id15))) return undefined
  let num = 0
  for (const c of id15.slice(head.length)) {
    const digit = BASE62.indexOf(c)
    if (digit < 0) return undefined
    num = num * 62 + digit
  }
  return num
}

/** Whether a value looks like a Salesforce id at all (15 or 18 letters and digits). */
export const looksLikeId = (v: string) => /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(v)
