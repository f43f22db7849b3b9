import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import { createRateLimiter, WINDOW_MS } from '../../src/core/rate-limits/rate-limiter.js'

/**
 * The reference model of the invariant, written as plainly as possible: a request at time t is
 * accepted iff fewer than `limit` requests were accepted in (t - 60 s, t].
 */
class Model {
  private accepted = new Map<string, number[]>()
  inWindow(ws: string, t: number) {
    return (this.accepted.get(ws) ?? []).filter((a) => a > t - WINDOW_MS && a <= t).length
  }
  request(ws: string, t: number, limit: number) {
    const before = this.inWindow(ws, t)
    const allowed = before < limit
    if (allowed) this.accepted.set(ws, [...(this.accepted.get(ws) ?? []), t])
    const after = before + (allowed ? 1 : 0)
    // The first whole second at which fewer requests are in the window than now block (or fill) it.
    const target = Math.min(after, limit)
    let seconds = 1
    while (this.inWindow(ws, t + seconds * 1000) >= target) seconds++
    return { allowed, remaining: Math.max(0, limit - after), resetSeconds: seconds }
  }
  all(ws: string) {
    return this.accepted.get(ws) ?? []
  }
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('advance' as const),
    // Window edges (exactly 60 s, 1 ms short of it) and whole seconds matter most; any time may come.
    ms: fc.oneof(fc.constantFrom(1, 999, 1_000, 5_000, 59_999, 60_000), fc.integer({ min: 0, max: 20_000 })),
  }),
  fc.record({
    kind: fc.constant('request' as const),
    ws: fc.constantFrom('a', 'b'),
    times: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('limit' as const),
    ws: fc.constantFrom('a', 'b'),
    limit: fc.integer({ min: 1, max: 10 }),
  }),
)

describe('rate limiter against the reference model', () => {
  it('makes the same decision, remaining count and reset time as the model, and never breaks the invariant', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 200 }), (steps) => {
        const clock = createManualClock(0)
        const limits = new Map([
          ['a', 3],
          ['b', 5],
        ])
        const limiter = createRateLimiter({
          clock,
          workspaceOf: (ws) => ({ name: ws, tier: 'enterprise', rpm: limits.get(ws)! }),
        })
        const model = new Model()
        const acceptedAt: Array<{ ws: string; t: number; limit: number }> = []
        for (const s of steps) {
          if (s.kind === 'advance') clock.advance(s.ms)
          else if (s.kind === 'limit') limits.set(s.ws, s.limit)
          else {
            for (let i = 0; i < s.times; i++) {
              const limit = limits.get(s.ws)!
              const got = limiter.take(s.ws, limit)
              const want = model.request(s.ws, clock.now(), limit)
              expect({
                allowed: got.allowed,
                remaining: got.remaining,
                resetSeconds: got.resetSeconds,
              }).toEqual(want)
              if (got.allowed) acceptedAt.push({ ws: s.ws, t: clock.now(), limit })
            }
          }
        }
        // Each acceptance, counting only what had been accepted up to it, stayed within its limit.
        acceptedAt.forEach(({ ws, t, limit }, i) => {
          const inWindow = acceptedAt
            .slice(0, i + 1)
            .filter((a) => a.ws === ws && a.t > t - WINDOW_MS && a.t <= t).length
          expect(inWindow).toBeLessThanOrEqual(limit)
        })
      }),
      { numRuns: 300 },
    )
  })
})
