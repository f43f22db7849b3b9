import type { FieldNode, SelectionSetNode } from 'graphql'
import { argsOf, fieldsOf, type Parsed } from '../kit/graphql.js'

/**
 * Shopify's calculated query cost, approximated: a scalar costs 0, an object 1 plus its fields, a
 * connection 2 plus its page size times one node's cost, a mutation 10. The requested cost counts
 * the page sizes asked for; the actual cost the nodes returned. Each shop's bucket (2000 points,
 * 100 restored a second, as a Standard plan's) lives in memory: a restart fills it again.
 */
export const MAXIMUM_AVAILABLE = 2000
export const RESTORE_RATE = 100
export const SINGLE_QUERY_MAX = 1000
const MUTATION_COST = 10
const MAX_BUCKETS = 10_000

type Data = Record<string, unknown> | null | undefined

const pageSizeOf = (field: FieldNode, parsed: Parsed): number | undefined => {
  const args = argsOf(field, parsed)
  const size = args.first ?? args.last
  return typeof size === 'number' ? size : undefined
}

/** The cost of one field: with `data` (the field's answer), as run; without, as requested. */
function fieldCost(field: FieldNode, parsed: Parsed, data: unknown, actual: boolean): number {
  if (!field.selectionSet) return 0
  const size = pageSizeOf(field, parsed)
  if (size === undefined) {
    if (actual && (data === null || data === undefined)) return 0
    return 1 + setCost(field.selectionSet, parsed, data as Data, actual)
  }
  // A connection: one node's cost per node (its `edges { node }` and `nodes` selections).
  let cost = 2
  const conn = (data ?? {}) as { edges?: Array<{ node?: Data }>; nodes?: Data[] }
  for (const sub of fieldsOf(field.selectionSet, parsed)) {
    if (sub.name.value === 'nodes' && sub.selectionSet) {
      const items = actual ? (conn.nodes ?? []) : Array.from({ length: size }, () => undefined)
      for (const item of items) cost += 1 + setCost(sub.selectionSet, parsed, item, actual)
    }
    if (sub.name.value === 'edges' && sub.selectionSet) {
      const node = fieldsOf(sub.selectionSet, parsed).find((f) => f.name.value === 'node')
      if (!node?.selectionSet) continue
      const items = actual
        ? (conn.edges ?? []).map((e) => e.node)
        : Array.from({ length: size }, () => undefined)
      for (const item of items) cost += 1 + setCost(node.selectionSet, parsed, item, actual)
    }
  }
  return cost
}

function setCost(set: SelectionSetNode, parsed: Parsed, data: Data, actual: boolean): number {
  let cost = 0
  for (const field of fieldsOf(set, parsed)) {
    const key = field.alias?.value ?? field.name.value
    cost += fieldCost(field, parsed, data?.[key], actual)
  }
  return cost
}

/** The operation's cost: as requested (no data) or as run (its `data`). */
export function queryCost(parsed: Parsed, data?: Data): number {
  if (parsed.operation.operation === 'mutation')
    return MUTATION_COST * fieldsOf(parsed.operation.selectionSet, parsed).length
  return setCost(parsed.operation.selectionSet, parsed, data, data !== undefined)
}

export interface ThrottleStatus {
  maximumAvailable: number
  currentlyAvailable: number
  restoreRate: number
}

const buckets = new Map<string, { available: number; atMs: number }>()

const levelOf = (account: string, nowMs: number) => {
  const b = buckets.get(account)
  if (!b) return MAXIMUM_AVAILABLE
  return Math.min(MAXIMUM_AVAILABLE, b.available + ((nowMs - b.atMs) / 1000) * RESTORE_RATE)
}

const status = (available: number): ThrottleStatus => ({
  maximumAvailable: MAXIMUM_AVAILABLE,
  currentlyAvailable: Math.floor(available),
  restoreRate: RESTORE_RATE,
})

/** Draws the requested cost from the account's bucket; null (and nothing drawn) when it lacks the points. */
export function draw(account: string, requested: number, nowMs: number): ThrottleStatus | null {
  const level = levelOf(account, nowMs)
  if (requested > level) return null
  // Full buckets are as good as absent: dropped once the map grows, so it stays bounded.
  if (buckets.size >= MAX_BUCKETS)
    for (const [key] of buckets) if (levelOf(key, nowMs) >= MAXIMUM_AVAILABLE) buckets.delete(key)
  buckets.set(account, { available: level - requested, atMs: nowMs })
  return status(level - requested)
}

/** Gives back what a query did not use (requested minus actual); the bucket after it. */
export function refund(account: string, points: number, nowMs: number): ThrottleStatus {
  const level = Math.min(MAXIMUM_AVAILABLE, levelOf(account, nowMs) + Math.max(0, points))
  buckets.set(account, { available: level, atMs: nowMs })
  return status(level)
}

/** The bucket as it is now (for a throttled answer). */
export const throttleStatusOf = (account: string, nowMs: number) => status(levelOf(account, nowMs))
