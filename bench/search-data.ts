// Deterministic data for the search benchmark: a catalog grown to N providers with brand-like
// names and realistic descriptions, and a mix of queries users type (names, prefixes, typos, words).
import type { Catalog } from '../src/core/providers/catalog.js'
import type { CatalogProvider } from '../src/core/providers/providers.schema.js'

/** mulberry32: a small seeded PRNG, so every run searches the same data. */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SYLLABLES =
  'ab ac ad al am an ar as at ba be bi bo bu ca ce ci co cu da de di do du el em en er es fa fe fi fo ga ge go ha he hi ho ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no nu or pa pe pi po qua ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo xa xe xo ya yo za ze zo'.split(
    ' ',
  )
const SUFFIXES = [
  '',
  '',
  '',
  '',
  ' Cloud',
  ' HQ',
  ' Labs',
  ' AI',
  ' Pay',
  ' Desk',
  ' Hub',
  ' IO',
  'ly',
  'ify',
  ' Data',
]

/** Every word of the real catalog's descriptions and tags, so generated text reads like it. */
function vocabulary(providers: readonly CatalogProvider[]) {
  const words = providers.flatMap((p) => [...p.description.toLowerCase().split(/[^a-z0-9]+/), ...p.tags])
  return words.filter((w) => w.length > 2)
}

/** The real catalog plus generated providers up to `total`. */
export function syntheticCatalog(base: Catalog, total: number): Catalog {
  const random = rng(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const words = vocabulary(base.providers)
  const tags = [...new Set(base.providers.flatMap((p) => p.tags))]
  const categories = base.categories.map((c) => c.id)
  const ids = new Set(base.providers.map((p) => p.id))
  const providers = [...base.providers]
  while (providers.length < total) {
    const stem = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('')
    const name = stem[0]!.toUpperCase() + stem.slice(1) + pick(SUFFIXES)
    const id = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    if (ids.has(id)) continue
    ids.add(id)
    const template = pick(base.providers)
    providers.push({
      ...template,
      id,
      name,
      description:
        `${name} ${Array.from({ length: 12 + Math.floor(random() * 12) }, () => pick(words)).join(' ')}.`.slice(
          0,
          400,
        ),
      tags: [...new Set(Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(tags)))],
      categories: [...new Set([pick(categories), ...(random() < 0.3 ? [pick(categories)] : [])])],
    })
  }
  return { ...base, providers, hash: `${base.hash}-synthetic-${total}` }
}

const typo = (word: string, random: () => number) => {
  if (word.length < 4) return word
  const i = 1 + Math.floor(random() * (word.length - 2))
  const kind = Math.floor(random() * 3)
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) // transposition
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1) // deletion
  return word.slice(0, i) + word[i] + word.slice(i) // doubled letter
}

/** Queries as users type them: full names, prefixes, typos, a tag, two words of a description. */
export function queryMix(providers: readonly CatalogProvider[], count: number): string[] {
  const random = rng(7)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const queries: string[] = []
  while (queries.length < count) {
    const p = pick(providers)
    const first = p.name.split(' ')[0]!.toLowerCase()
    switch (queries.length % 5) {
      case 0:
        queries.push(p.name)
        break
      case 1:
        queries.push(first.slice(0, Math.max(3, Math.ceil(first.length / 2))))
        break
      case 2:
        queries.push(typo(first, random))
        break
      case 3:
        queries.push(pick(p.tags))
        break
      default: {
        const words = p.description
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length > 4)
        queries.push(words.slice(0, 2).join(' ') || first)
      }
    }
  }
  return queries
}
