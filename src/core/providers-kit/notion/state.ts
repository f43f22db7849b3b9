import type { Connection } from '../../connections/connections.schema.js'
import { hashNumber } from '../kit/hash.js'

/** The kinds of object the simulated workspace stores. */
export const KINDS = ['page', 'database', 'data_source', 'block'] as const
export type Kind = (typeof KINDS)[number]

/** The simulated workspace: its id tag, names and counters (objects live in simulation_objects). */
export interface NotionState {
  workspace: string
  /** Hex every id of this workspace starts with, so ids look like Notion's UUIDs and differ by account. */
  tag: string
  botId: string
  ownerId: string
  /** Whether the starting page and database have been made (on the first call). */
  started: boolean
  next: number
}

const hexOf = (seed: string, length: number) =>
  Array.from({ length }, (_, i) => '0123456789abcdef'[hashNumber(`${seed}:${i}`, 0, 16)]).join('')

export function initialState(connection: Connection): NotionState {
  const tag = hexOf(connection.id, 8)
  return {
    workspace: `${connection.tenant_id} workspace`,
    tag,
    botId: `${hexOf(`${connection.id}:bot`, 8)}-0000-4000-8000-b0b000000001`,
    ownerId: `${hexOf(`${connection.id}:owner`, 8)}-0000-4000-8000-0a0000000001`,
    started: false,
    next: 1,
  }
}

const KIND_DIGIT: Record<Kind, string> = { page: '1', database: '2', data_source: '3', block: '4' }

/** `<tag>-<kind>000-4000-8000-<number>`: a UUID that names its kind and number in this workspace. */
export const idOf = (state: NotionState, kind: Kind, num: number) =>
  `${state.tag}-${KIND_DIGIT[kind]}000-4000-8000-${String(num).padStart(12, '0')}`

/** The kind and number an id names (with or without dashes, as Notion accepts both); else undefined. */
export function parseId(state: NotionState, id: string | undefined): { kind: Kind; num: number } | undefined {
  const flat = id?.replace(/-/g, '').toLowerCase()
  if (flat?.length !== 32 || !flat.startsWith(state.tag)) return undefined
  const kind = KINDS.find((k) => KIND_DIGIT[k] === flat[8])
  if (!kind || flat.slice(9, 20) !== '00040008000') return undefined
  return { kind, num: Number(flat.slice(20)) }
}
