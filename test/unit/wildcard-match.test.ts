import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wildcardMatch } from '../../src/core/common/wildcard-match.js'

/** The obvious (backtracking) reading of a `*` pattern, as the reference. */
const reference = (pattern: string, text: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^]*')}$`,
  ).test(text)

describe('wildcardMatch', () => {
  it.each([
    ['*@example.com', 'ada@example.com', true],
    ['*@example.com', 'ada@example.org', false],
    ['a*', 'a', true],
    ['*', '', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'acb', false],
    ['ab*ba', 'aba', false],
    ['exact', 'exact', true],
    ['exact', 'exactly', false],
  ])('%j against %j is %s', (pattern, text, expected) => {
    expect(wildcardMatch(pattern, text)).toBe(expected)
  })

  it('agrees with the backtracking reading on any pattern and text over a small alphabet', () => {
    const word = (chars: string[]) =>
      fc.array(fc.constantFrom(...chars), { maxLength: 12 }).map((a) => a.join(''))
    fc.assert(
      fc.property(word(['a', 'b', '*']), word(['a', 'b']), (pattern, text) => {
        expect(wildcardMatch(pattern, text)).toBe(reference(pattern, text))
      }),
      { numRuns: 3000 },
    )
  })

  it('answers a pattern that makes a regular expression backtrack exponentially', () => {
    expect(wildcardMatch('*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(10_000))).toBe(false)
  })
})
