import { describe, expect, it } from 'vitest'
import { isoAt } from '../../src/core/common/clock.js'
import { randomBase62, randomIds } from '../../src/core/common/ids.js'

describe('randomBase62', () => {
  it('maps bytes below 248 to the alphabet and skips the rest, so every character is as likely', () => {
    const bytes = [0, 61, 62, 248, 255, 123, 247, 9, 10, 35, 36]
    const source = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => bytes[i % bytes.length]!))
    // 248 and 255 are rejected; 62 → '0' and 123 → 'z' and 247 → 'z' (mod 62).
    expect(randomBase62(9, source)).toBe('0z0zz9AZa')
  })

  it('draws again when a draw rejects too many bytes, and stops at the length asked', () => {
    let draws = 0
    const source = (n: number) => Buffer.alloc(n, draws++ === 0 ? 250 : 1)
    expect(randomBase62(5, source)).toBe('11111')
    expect(draws).toBe(2)
  })

  it('makes ids of the alphabet and the length asked', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomIds.next('evt')))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^evt_[0-9A-Za-z]{20}$/)
  })
})

describe('isoAt', () => {
  it('formats each moment, the same one twice as well', () => {
    expect(isoAt(0)).toBe('1970-01-01T00:00:00.000Z')
    expect(isoAt(1_800_000_000_123)).toBe('2027-01-15T08:00:00.123Z')
    expect(isoAt(1_800_000_000_123)).toBe('2027-01-15T08:00:00.123Z')
    expect(isoAt(0)).toBe('1970-01-01T00:00:00.000Z')
  })
})
