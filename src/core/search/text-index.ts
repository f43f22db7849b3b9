import MiniSearch, { type SearchResult } from 'minisearch'
import { buildAllTermsIndex } from './all-terms-index.js'

/** One document of a relevance index: an id and its searchable text, by field. */
export interface TextDocument {
  id: string
  text: Record<string, string>
}

export interface TextIndexOptions {
  /** Searchable fields with their boosts (a match in a field with boost 4 counts four times). */
  fields: Record<string, number>
  /** A field that, when it equals the whole query, puts the document ahead ("github" → GitHub, not GitHub App). */
  exact?: string
}

/** Score factor for a document whose `exact` field is the query itself. */
const EXACT_BOOST = 4

/** An immutable relevance index: the same documents always give the same ranking. */
export interface TextIndex {
  /** Ids matching the query, best first (ties by id). Empty for a query with no terms. */
  search(query: string): string[]
  readonly size: number
}

/** Lower-cases, strips accents and collapses whitespace, so equivalent queries share one key. */
export function normalizeQuery(query: string): string {
  return query
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** Words too common to tell providers apart; dropping them keeps posting lists (and queries) short. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the their them this to was with your you'.split(
    ' ',
  ),
)

export const processTerm = (term: string): string | null => {
  const lower = term.toLowerCase()
  const plain = /^[\x20-\x7e]*$/.test(lower) ? lower.trim() : normalizeQuery(lower)
  return plain && !STOP_WORDS.has(plain) ? plain : null
}

/**
 * Typo tolerance by term length: short terms must match exactly (or as a prefix), longer ones
 * may be one or two edits away, so a transposition in a 6-letter word ("stirpe") still matches.
 */
export const fuzziness = (term: string): number => (term.length <= 3 ? 0 : term.length <= 5 ? 1 : 2)

// Three rolling rows of the edit-distance table, reused across calls: typo ranking computes
// thousands of distances per search, and fresh arrays for each made that search GC-bound.
let rows = new Int32Array(3 * 32)

/** Edit distance where swapping two neighbouring letters counts as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const width = b.length + 1
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2)
  // Row i of the table lives at offset (i % 3) * width.
  for (let j = 0; j < width; j++) rows[j] = j
  for (let i = 1; i <= a.length; i++) {
    const cur = (i % 3) * width
    const prev = ((i + 2) % 3) * width
    const prev2 = ((i + 1) % 3) * width
    rows[cur] = i
    for (let j = 1; j < width; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[prev + j]! + 1, rows[cur + j - 1]! + 1, rows[prev + j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[prev2 + j - 2]! + 1)
      rows[cur + j] = d
    }
  }
  return rows[(a.length % 3) * width + b.length]!
}

/**
 * How far a typo-tolerant match is from the query: per query term, its closest matched term.
 * `distances` memoises per search: the many results of one query share a handful of terms.
 */
function typoPenalty(result: SearchResult, distances: Map<string, number>): number {
  let penalty = 0
  for (const q of result.queryTerms) {
    let best = 3
    for (const t of result.terms) {
      const key = `${q}\u0000${t}`
      let d = distances.get(key)
      if (d === undefined) {
        d = t.startsWith(q) ? 0 : editDistance(q, t)
        distances.set(key, d)
      }
      best = Math.min(best, d)
      if (best === 0) break
    }
    penalty += best
  }
  return penalty
}

const byScore = (a: { score: number; id: string }, b: { score: number; id: string }) =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * Builds a MiniSearch index over the documents, added in id order so a rebuild from the same
 * documents ranks exactly as before (cursor walks over a query rely on it).
 *
 * Search runs in tiers, stopping at the first that matches: every term exactly or as a prefix;
 * every term within a few typos; any term within a few typos. Typo-tolerant matches are ranked
 * by closeness first (a transposition counts as one edit), then by BM25 relevance.
 */
export function buildTextIndex(docs: Iterable<TextDocument>, options: TextIndexOptions): TextIndex {
  const mini = new MiniSearch<TextDocument>({
    fields: Object.keys(options.fields),
    idField: 'id',
    storeFields: [],
    extractField: (doc, field) => (field === 'id' ? doc.id : doc.text[field]),
    processTerm,
    searchOptions: { boost: options.fields, maxFuzzy: 2 },
  })
  const sorted = [...docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  mini.addAll(sorted)
  const exactField = options.exact
  const names = new Map(exactField ? sorted.map((d) => [d.id, normalizeQuery(d.text[exactField] ?? '')]) : [])
  const boost = (id: string, q: string) => (names.get(id) === q ? EXACT_BOOST : 1)

  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[]
  const termsOf = (q: string) => tokenize(q).flatMap((t) => processTerm(t) ?? [])
  const allTerms = buildAllTermsIndex(sorted, { fields: options.fields, tokenize, processTerm })

  const exact = (q: string) =>
    allTerms
      .search(termsOf(q))
      .map((h) => {
        const id = sorted[h.doc]!.id
        return { id, score: h.score * boost(id, q) }
      })
      .sort(byScore)
  // One typo-tolerant pass serves both typo tiers (the costly part of a search): a result that
  // matched every query term is what an AND search would return.
  const tolerant = (q: string) => {
    const wanted = new Set(termsOf(q)).size
    const distances = new Map<string, number>()
    const all = mini
      // A typo can be anywhere, the last word included: no prefix matching here (it costs most with fuzzy).
      .search(q, { combineWith: 'OR', fuzzy: fuzziness, prefix: false })
      .map((r) => ({
        id: r.id as string,
        score: r.score * 0.5 ** typoPenalty(r, distances),
        every: r.queryTerms.length >= wanted,
      }))
      .sort(byScore)
    const every = all.filter((h) => h.every)
    return every.length > 0 ? every : all
  }

  return {
    search(query) {
      const q = normalizeQuery(query)
      if (!q) return []
      let hits = exact(q)
      if (hits.length === 0) hits = tolerant(q)
      return hits.map((h) => h.id)
    },
    size: sorted.length,
  }
}
