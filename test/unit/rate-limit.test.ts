import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import { createRateLimiter } from '../../src/core/rate-limits/rate-limiter.js'
import type { Tier } from '../../src/core/workspaces/tiers.js'

const START = Date.parse('2026-01-01T00:00:00.000Z')

/** A limiter over workspaces whose tier and rpm a test can change between requests. */
function setup(rpm = 60) {
  const clock = createManualClock(START)
  const workspaces = new Map<string, { name: string; tier: Tier; rpm: number }>([
    ['ws_a', { name: 'a', tier: 'free', rpm }],
    ['ws_b', { name: 'b', tier: 'free', rpm }],
  ])
  const limiter = createRateLimiter({ clock, workspaceOf: (id) => workspaces.get(id)! })
  const burst = (id: string, n: number) =>
    Array.from({ length: n }, () => limiter.take(id, workspaces.get(id)!.rpm))
  return { clock, workspaces, limiter, burst }
}

describe('sliding-log rate limiter', () => {
  it('accepts exactly the limit in one instant and refuses the next', () => {
    const { burst } = setup(60)
    const decisions = burst('ws_a', 75)
    expect(decisions.filter((d) => d.allowed)).toHaveLength(60)
    expect(decisions.slice(60).every((d) => !d.allowed)).toBe(true)
  })

  it('a request leaves the window exactly 60 seconds after it was accepted', () => {
    const { clock, limiter, burst } = setup(60)
    burst('ws_a', 60)
    clock.advance(59_999)
    expect(limiter.take('ws_a', 60).allowed).toBe(false)
    clock.advance(1)
    expect(limiter.take('ws_a', 60).allowed).toBe(true)
  })

  it('holds the limit over any rolling window, not per calendar minute', () => {
    const { clock, limiter, burst } = setup(60)
    clock.advance(59_000)
    burst('ws_a', 60) // the last second of one minute…
    clock.advance(2_000)
    expect(limiter.take('ws_a', 60).allowed).toBe(false) // …still counts in the first seconds of the next
  })

  it('refused requests do not use up quota', () => {
    const { clock, limiter, burst } = setup(5)
    burst('ws_a', 5)
    clock.advance(30_000)
    burst('ws_a', 100)
    clock.advance(30_000)
    expect(burst('ws_a', 6).filter((d) => d.allowed)).toHaveLength(5)
    expect(limiter.take('ws_a', 5).allowed).toBe(false)
  })

  it('Retry-After is the whole seconds until a request would be accepted', () => {
    const { clock, limiter, burst } = setup(60)
    burst('ws_a', 60)
    clock.advance(12_345)
    const refused = limiter.take('ws_a', 60)
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 48 })
    clock.advance(47_000)
    expect(limiter.take('ws_a', 60).allowed).toBe(false)
    clock.advance(1_000)
    expect(limiter.take('ws_a', 60).allowed).toBe(true)
  })

  it('an accepted request reports what remains and when the oldest counted request leaves', () => {
    const { clock, limiter } = setup(3)
    expect(limiter.take('ws_a', 3)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60, limit: 3 })
    clock.advance(20_500)
    expect(limiter.take('ws_a', 3)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 40 })
  })

  it('a lowered limit refuses until the count falls below it, and says when', () => {
    const { clock, limiter } = setup(600)
    for (let i = 0; i < 100; i++) {
      limiter.take('ws_a', 600)
      clock.advance(100) // 100 requests over 10 seconds
    }
    // At START+10s the log holds requests at START+0 … START+9.9s; with a limit of 60 the 41st oldest
    // (at START+4s) must leave first, at START+64s: 54 seconds from now.
    expect(limiter.take('ws_a', 60)).toMatchObject({ allowed: false, resetSeconds: 54 })
    clock.advance(53_999)
    expect(limiter.take('ws_a', 60).allowed).toBe(false)
    clock.advance(1)
    expect(limiter.take('ws_a', 60).allowed).toBe(true)
  })

  it('a raised limit applies to the very next request', () => {
    const { limiter, workspaces } = setup(60)
    for (let i = 0; i < 60; i++) limiter.consume('ws_a')
    expect(limiter.consume('ws_a').allowed).toBe(false)
    workspaces.get('ws_a')!.rpm = 600
    expect(limiter.consume('ws_a')).toMatchObject({ allowed: true, limit: 600, remaining: 539 })
  })

  it('workspaces never share quota', () => {
    const { burst } = setup(60)
    burst('ws_a', 200)
    expect(burst('ws_b', 60).every((d) => d.allowed)).toBe(true)
  })

  it('over the limit, consume refuses with the seconds until a request would be accepted and why', () => {
    const { clock, limiter } = setup(2)
    limiter.consume('ws_a')
    clock.advance(1_500)
    limiter.consume('ws_a')
    const refused = limiter.consume('ws_a')
    expect(refused).toMatchObject({
      allowed: false,
      limit: 2,
      windowSeconds: 60,
      remaining: 0,
      resetSeconds: 59,
      refusal: expect.stringMatching(/'a' \(tier free\) allows 2 requests in any rolling 60 seconds/),
    })
  })

  it('stays exact across many windows (the log compacts without losing entries)', () => {
    const { clock, limiter } = setup(3000)
    let accepted = 0
    for (let minute = 0; minute < 5; minute++) {
      for (let i = 0; i < 3100; i++) if (limiter.take('ws_a', 3000).allowed) accepted++
      clock.advance(60_000)
    }
    expect(accepted).toBe(5 * 3000)
  })
})
