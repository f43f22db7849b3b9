/** Injectable time source; tests pass a controllable one. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock for tests that only moves when told to. */
export function createManualClock(startMs = Date.parse('2026-01-01T00:00:00.000Z')) {
  let current = startMs
  return {
    now: () => current,
    advance(ms: number) {
      current += ms
    },
    set(ms: number) {
      current = ms
    },
  }
}

// The last one formatted: under load many captures share a millisecond, and formatting a Date is
// most of what stamping one costs.
let lastMs = Number.NaN
let lastIso = ''

/** The ISO 8601 UTC timestamp of a moment in milliseconds. */
export function isoAt(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString()
    lastMs = ms
  }
  return lastIso
}
