/**
 * The times of one workspace's accepted requests, oldest first. Appends and expiries are O(1)
 * amortised: expired entries are skipped by moving `head`, and the array is compacted only once
 * the skipped part dominates it.
 */
export function createSlidingLog() {
  let times: number[] = []
  let head = 0

  return {
    /** Number of recorded times still in the window. */
    get size() {
      return times.length - head
    },
    /** The i-th oldest time still in the window. */
    at(i: number): number {
      return times[head + i] as number
    },
    append(time: number) {
      times.push(time)
    },
    /** Forgets every time at or before `cutoff` (they left the window). */
    expire(cutoff: number) {
      while (head < times.length && (times[head] as number) <= cutoff) head++
      if (head > 1024 && head * 2 > times.length) {
        times = times.slice(head)
        head = 0
      }
    },
  }
}
export type SlidingLog = ReturnType<typeof createSlidingLog>
