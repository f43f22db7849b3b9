import type { Ids } from '../common/ids.js'

/**
 * Event ids sort by creation time: `evt_` + the millisecond in base36 (9 characters) + 12
 * characters of the injected id source. New rows then land at the end of the primary-key index
 * instead of on a random page, which keeps each group commit's writes (and fsync) small.
 */
export const nextEventId = (ids: Ids, nowMs: number): string =>
  `evt_${Math.max(0, Math.floor(nowMs)).toString(36).padStart(9, '0')}${ids.next('evt').slice(4, 16)}`
