import { describe, expect, it } from 'vitest'
import { likeMatches } from '../../src/core/providers-kit/salesforce/like.js'

describe('SOQL LIKE', () => {
  it.each([
    ['Acme Corp', 'acme%', true],
    ['Acme Corp', '%CORP', true],
    ['Acme Corp', '%me C%', true],
    ['Acme Corp', 'Acme_Corp', true],
    ['Acme Corp', 'Acme_', false],
    ['Acme', '%', true],
    ['', '%', true],
    ['', '_', false],
    ['a.b', 'a.b', true],
    ['axb', 'a.b', false],
    ['100%', '100%', true],
  ])('%s LIKE %s is %s', (value, pattern, expected) => {
    expect(likeMatches(value, pattern)).toBe(expected)
  })

  it('answers a pattern of many % over a long value (a regular expression would backtrack for ages)', () => {
    const value = 'a'.repeat(5_000)
    expect(likeMatches(value, `${'%a'.repeat(40)}%b`)).toBe(false)
    expect(likeMatches(value, `${'%a'.repeat(40)}%`)).toBe(true)
  })
})
