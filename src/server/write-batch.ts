import type { ServerResponse } from 'node:http'

/**
 * Answers ended together. A fast lane's answer, its head already set, is ended (written to its
 * socket) once the event loop has read the other requests that arrived with it, right after its
 * poll phase (setImmediate), together with their answers, instead of at once.
 *
 * Why: a write to a loopback socket whose reader sleeps wakes that reader's core, and on a virtual
 * machine that wake-up makes a write cost several times what a write to a busy reader does. Answers
 * written back to back wake a client once; answers written one at a time, between reading requests,
 * wake it for each (bench/RESULTS.md, proxy and API). An answer waits at most for the requests
 * read in the same turn of the loop; the order of answers is kept.
 */
const queued: Array<{ res: ServerResponse; end: () => void }> = []

function endQueued() {
  const batch = queued.splice(0)
  for (const { res, end } of batch) {
    // A client gone meanwhile has nothing left to answer.
    if (res.destroyed) continue
    try {
      end()
    } catch (err) {
      res.destroy(err instanceof Error ? err : undefined)
    }
  }
}

/** Runs `end` (which ends `res`) with the other answers of this turn of the event loop. */
export function endTogether(res: ServerResponse, end: () => void): void {
  if (queued.length === 0) setImmediate(endQueued)
  queued.push({ res, end })
}
