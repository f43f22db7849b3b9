/**
 * The first relevance tier — every query term present, the last one also as a prefix — over flat
 * posting lists. It scores exactly as MiniSearch's AND search does (the same tokens, field
 * lengths, BM25 constants, field boosts and prefix weights), but keeps its per-document sums in
 * reused typed arrays instead of building a result object per document and term. A common word
 * ("cloud", "pay") matches thousands of providers, and that allocation was most of a search.
 */

/** MiniSearch's default BM25+ parameters and prefix weight, so this tier ranks as MiniSearch would. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
const PREFIX_WEIGHT = 0.375

/** Documents (positions in the order they were given) with one field's term frequencies. */
interface Postings {
  docs: number[]
  counts: number[]
}

export interface AllTermsHit {
  /** Position of the document in the list the index was built from. */
  doc: number
  score: number
}

export interface AllTermsIndex {
  /**
   * Documents containing every term, unsorted. Search-as-you-type: only the last term may be
   * unfinished, so only it also matches longer words as a prefix (weighted down as MiniSearch does).
   */
  search(terms: readonly string[]): AllTermsHit[]
}

export function buildAllTermsIndex(
  docs: ReadonlyArray<{ text: Record<string, string> }>,
  options: {
    fields: Record<string, number>
    tokenize: (text: string) => string[]
    processTerm: (term: string) => string | null
  },
): AllTermsIndex {
  const fields = Object.keys(options.fields)
  const width = fields.length
  const fieldLength = new Float64Array(docs.length * width)
  const averageLength = new Array<number>(width).fill(0)
  const postings = new Map<string, Array<Postings | undefined>>()

  docs.forEach((doc, d) => {
    fields.forEach((field, f) => {
      const value = doc.text[field]
      if (value == null) return
      const tokens = options.tokenize(value)
      // As MiniSearch counts it: distinct raw tokens, and a running mean over documents so far.
      const length = new Set(tokens).size
      fieldLength[d * width + f] = length
      averageLength[f] = (averageLength[f]! * d + length) / (d + 1)
      for (const token of tokens) {
        const term = options.processTerm(token)
        if (!term) continue
        const byField = postings.get(term) ?? new Array<Postings | undefined>(width)
        postings.set(term, byField)
        const list = byField[f] ?? { docs: [], counts: [] }
        byField[f] = list
        const last = list.docs.length - 1
        if (list.docs[last] === d) list.counts[last]! += 1
        else {
          list.docs.push(d)
          list.counts.push(1)
        }
      }
    })
  })
  const sortedTerms = [...postings.keys()].sort()

  /** Index terms that start with `prefix` and are longer than it (binary search in sorted terms). */
  const longerTerms = (prefix: string): string[] => {
    let lo = 0
    let hi = sortedTerms.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sortedTerms[mid]! <= prefix) lo = mid + 1
      else hi = mid
    }
    const out: string[] = []
    for (let i = lo; i < sortedTerms.length && sortedTerms[i]!.startsWith(prefix); i++)
      out.push(sortedTerms[i]!)
    return out
  }

  // Scratch space reused by every search (searches are synchronous): running totals, the current
  // term's partial sums, and how many terms each document has matched so far.
  const total = new Float64Array(docs.length)
  const partial = new Float64Array(docs.length)
  const matched = new Int32Array(docs.length)

  return {
    search(terms) {
      if (terms.length === 0) return []
      let touched: number[] = []
      let first: number[] = []
      terms.forEach((term, k) => {
        const derived: Array<[string, number]> = postings.has(term) ? [[term, 1]] : []
        if (k === terms.length - 1) {
          for (const t of longerTerms(term)) {
            derived.push([t, (PREFIX_WEIGHT * t.length) / (t.length + 0.3 * (t.length - term.length))])
          }
        }
        touched = []
        for (const [t, weight] of derived) {
          const byField = postings.get(t)!
          for (let f = 0; f < width; f++) {
            const list = byField[f]
            if (!list) continue
            const n = list.docs.length
            const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))
            const factor = weight * options.fields[fields[f]!]!
            const average = averageLength[f]!
            for (let i = 0; i < n; i++) {
              const d = list.docs[i]!
              const seen = matched[d]!
              // A document counts only if it matched every earlier term (AND).
              if (seen !== k && seen !== k + 1) continue
              const tf = list.counts[i]!
              const length = fieldLength[d * width + f]!
              const bm25 =
                idf *
                (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average)))
              if (seen === k) {
                matched[d] = k + 1
                partial[d] = factor * bm25
                touched.push(d)
              } else partial[d] = partial[d]! + factor * bm25
            }
          }
        }
        for (const d of touched) total[d] = k === 0 ? partial[d]! : total[d]! + partial[d]!
        if (k === 0) first = touched
      })
      // MiniSearch multiplies by the number of distinct query terms a document matched: all of them here.
      const quality = new Set(terms).size
      const hits = touched.map((doc) => ({ doc, score: total[doc]! * quality }))
      for (const d of first) matched[d] = 0
      return hits
    },
  }
}
