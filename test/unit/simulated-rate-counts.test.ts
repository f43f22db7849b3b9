import { describe, expect, it } from 'vitest'
import { createRateCounts, remainingOf } from '../../src/core/providers-kit/kit/rate-limit.js'

const HOUR = 3_600_000

describe('createRateCounts', () => {
  it('counts per account and resource, fresh every clock hour', () => {
    const rates = createRateCounts()
    let w = rates.windowOf('a', 'core', 0, 10)
    w = rates.spend('a', rates.spend('a', w))
    expect(remainingOf(rates.windowOf('a', 'core', 1000, 10))).toBe(8)
    expect(remainingOf(rates.windowOf('a', 'graphql', 1000, 10))).toBe(10)
    expect(remainingOf(rates.windowOf('b', 'core', 1000, 10))).toBe(10)
    expect(remainingOf(rates.windowOf('a', 'core', HOUR, 10))).toBe(10)
  })

  it('two sets of counts share nothing', () => {
    const one = createRateCounts()
    one.spend('a', one.windowOf('a', 'core', 0, 10))
    expect(createRateCounts().windowOf('a', 'core', 0, 10).used).toBe(0)
  })

  it('drops past hours’ windows once it holds its bound of accounts', () => {
    const rates = createRateCounts(2)
    rates.spend('old', rates.windowOf('old', 'core', 0, 10))
    rates.spend('b', rates.windowOf('b', 'core', HOUR, 10))
    rates.spend('c', rates.windowOf('c', 'core', HOUR, 10))
    // The old window was dropped, not carried: a later look at hour 0 starts from nothing.
    expect(rates.windowOf('old', 'core', 0, 10).used).toBe(0)
    expect(rates.windowOf('b', 'core', HOUR, 10).used).toBe(1)
  })
})
