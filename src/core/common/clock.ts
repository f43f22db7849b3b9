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

export const isoAt = (ms: number): string => new Date(ms).toISOString()
