import { describe, expect, it } from 'vitest'
import {
  buildTextIndex,
  editDistance,
  normalizeQuery,
  type TextDocument,
} from '../../src/core/search/text-index.js'

const doc = (id: string, name: string, description = '', tags = '', categories = ''): TextDocument => ({
  id,
  text: { name, description, tags, categories },
})
const DOCS = [
  doc('stripe', 'Stripe', 'Online payments for internet businesses', 'payments billing', 'payments'),
  doc('slack', 'Slack', 'Team messaging and channels', 'chat messaging', 'chat'),
  doc('sire', 'Sire', 'Horse breeding records', 'farm', 'other'),
  doc('square', 'Square', 'Point of sale and payments', 'payments pos', 'payments'),
  doc('github', 'GitHub', 'Code hosting and pull requests', 'git code', 'developer-tools'),
  doc('gitlab', 'GitLab', 'DevOps platform with git repositories', 'git ci', 'developer-tools'),
  doc('zendesk', 'Zendesk', 'Customer support tickets', 'support helpdesk', 'customer-support'),
  doc('cafe', 'Café Crème', 'Coffee orders', 'coffee', 'food'),
]
const FIELDS = { fields: { name: 5, tags: 2, categories: 1.5, description: 1 } }
const index = buildTextIndex(DOCS, FIELDS)

describe('the relevance index', () => {
  it('still finds Stripe when two letters are swapped (stirpe)', () => {
    expect(index.search('stirpe')[0]).toBe('stripe')
  })

  it('still finds Slack with a letter missing (slak)', () => {
    expect(index.search('slak')[0]).toBe('slack')
  })

  it('matches the last word as a prefix while it is being typed', () => {
    expect(index.search('git').slice(0, 2).sort()).toEqual(['github', 'gitlab'])
    expect(index.search('zend')).toEqual(['zendesk'])
  })

  it('ranks a name match above a description match', () => {
    expect(index.search('square')[0]).toBe('square')
  })

  it('returns only documents with every term when some have them all', () => {
    expect(index.search('payments pos')).toEqual(['square'])
  })

  it('falls back to documents with any term when none has them all', () => {
    expect(index.search('stripe helpdesk').sort()).toEqual(['stripe', 'zendesk'])
  })

  it('ignores case and accents', () => {
    expect(index.search('CAFE creme')).toEqual(['cafe'])
  })

  it('finds nothing for an empty or blank query', () => {
    expect(index.search('')).toEqual([])
    expect(index.search('   ')).toEqual([])
  })

  it('ranks the same way whatever order the documents were added in', () => {
    const reversed = buildTextIndex([...DOCS].reverse(), FIELDS)
    for (const q of ['pay', 'git', 'stirpe', 'support', 'a'])
      expect(reversed.search(q)).toEqual(index.search(q))
  })
})

describe('exact name matches', () => {
  it('put the provider named exactly like the query first', () => {
    const docs = [
      doc('github', 'GitHub', 'Git hosting'),
      doc('github-app', 'GitHub App', 'Installs a GitHub App for github automation', 'github app'),
    ]
    expect(buildTextIndex(docs, FIELDS).search('github')[0]).toBe('github-app')
    expect(buildTextIndex(docs, { ...FIELDS, exact: 'name' }).search('github')[0]).toBe('github')
  })
})

describe('editDistance', () => {
  it('counts a transposition as one edit', () => {
    expect(editDistance('stirpe', 'stripe')).toBe(1)
    expect(editDistance('slak', 'slack')).toBe(1)
    expect(editDistance('stirpe', 'sire')).toBe(2)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('abc', '')).toBe(3)
  })

  it('agrees with the full table on random pairs, long words included (the rows are reused)', () => {
    const reference = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      )
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
        }
      }
      return d[a.length]![b.length]!
    }
    let seed = 42
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    const word = () => Array.from({ length: next() % 70 }, () => 'abcde'[next() % 5]).join('')
    for (let n = 0; n < 300; n++) {
      const [a, b] = [word(), word()]
      expect(editDistance(a, b), `${a} / ${b}`).toBe(reference(a, b))
    }
  })
})

describe('normalizeQuery', () => {
  it('lower-cases, strips accents and collapses spaces', () => {
    expect(normalizeQuery('  Café   CRÈME ')).toBe('cafe creme')
  })
})
