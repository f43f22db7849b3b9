import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import { loadCatalog } from '../../src/core/providers/catalog.js'
import { buildAllTermsIndex } from '../../src/core/search/all-terms-index.js'
import { processTerm } from '../../src/core/search/text-index.js'

const FIELDS = { name: 5, tags: 2, categories: 1.5, description: 1 }
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[]

const catalog = loadCatalog()
const docs = catalog.providers
  .map((p) => ({
    id: p.id,
    text: <Record<string, string>>{
      name: p.name,
      description: p.description,
      tags: p.tags.join(' '),
      categories: p.categories.join(' '),
    },
  }))
  .sort((a, b) => (a.id < b.id ? -1 : 1))

/** The reference: MiniSearch itself, searching every term with the last one as a prefix. */
const mini = new MiniSearch<(typeof docs)[number]>({
  fields: Object.keys(FIELDS),
  extractField: (doc, field) => (field === 'id' ? doc.id : doc.text[field]),
  processTerm,
  searchOptions: { boost: FIELDS, prefix: (_t, i, terms) => i === terms.length - 1, combineWith: 'AND' },
})
mini.addAll(docs)
const index = buildAllTermsIndex(docs, { fields: FIELDS, tokenize, processTerm })
const termsOf = (q: string) => tokenize(q).flatMap((t) => processTerm(t) ?? [])

/** Names, name prefixes, tags, description word pairs, repeated and missing words. */
function queries(): string[] {
  const out = [
    'pay',
    'cloud',
    'man',
    'git',
    'payments payments',
    'to-do',
    'crm sales',
    'nothingmatcheshere',
    'a',
  ]
  catalog.providers.forEach((p, i) => {
    const words = p.description
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 3)
    if (i % 3 === 0) out.push(p.name, p.name.slice(0, 3))
    if (i % 5 === 0)
      out.push(
        p.tags[0] ?? p.name,
        words.slice(0, 2).join(' '),
        `${words[0] ?? ''} ${(words[1] ?? '').slice(0, 3)}`,
      )
  })
  return out
}

describe('the all-terms index', () => {
  it('finds and scores exactly what MiniSearch finds with every term required (last as prefix)', () => {
    let compared = 0
    for (const q of queries()) {
      const expected = new Map(mini.search(q).map((r) => [r.id as string, r.score]))
      const actual = new Map(index.search(termsOf(q)).map((h) => [docs[h.doc]!.id, h.score]))
      expect([...actual.keys()].sort(), q).toEqual([...expected.keys()].sort())
      for (const [id, score] of actual) {
        // Summing the same terms in another order may differ in the last bits, never more.
        expect(Math.abs(score - expected.get(id)!), `${q}: ${id}`).toBeLessThanOrEqual(1e-9 * score)
      }
      compared += actual.size
    }
    expect(compared).toBeGreaterThan(1000)
  })

  it('finds nothing for no terms, and is ready again after each search', () => {
    expect(index.search([])).toEqual([])
    const once = index.search(['payments']).length
    index.search(['crm', 'sales'])
    expect(index.search(['payments']).length).toBe(once)
  })
})
