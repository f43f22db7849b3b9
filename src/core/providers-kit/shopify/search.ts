import type { StoredProduct } from './state.js'

/**
 * The subset of Shopify's search syntax `products(query:)` understands: terms joined by spaces or
 * `AND`; `title:`, `vendor:`, `product_type:`, `handle:`, `tag:` and `status:` (a comma list:
 * `status:active,draft`), a value quoted or ending in `*` for a prefix (`title:mug*`); a bare word
 * matches the title, vendor or product type. Other fields are ignored, as Shopify ignores fields
 * it does not know; `OR`, `NOT`, `-` and ranges are not simulated.
 */
type Term = { field: string | null; value: string; prefix: boolean }

const TERM = /(?:([a-z_]+):)?("([^"]*)"|\S+)/gi

export function parseSearch(query: string): Term[] {
  const terms: Term[] = []
  for (const m of query.matchAll(TERM)) {
    const field = m[1]?.toLowerCase() ?? null
    const raw = m[3] ?? m[2]!
    if (!field && (raw === 'AND' || raw === '')) continue
    const prefix = m[3] === undefined && raw.endsWith('*')
    terms.push({ field, value: (prefix ? raw.slice(0, -1) : raw).toLowerCase(), prefix })
  }
  return terms
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** Whether a text has the value as a word (or, for a prefix, a word starting with it, or starts with it). */
function textMatches(text: string, t: Term): boolean {
  const lower = text.toLowerCase()
  if (t.prefix) return lower.startsWith(t.value) || words(text).some((w) => w.startsWith(t.value))
  return (
    lower === t.value || words(text).includes(t.value) || (t.value.includes(' ') && lower.includes(t.value))
  )
}

const exact = (text: string, t: Term) =>
  t.prefix ? text.toLowerCase().startsWith(t.value) : text.toLowerCase() === t.value

function termMatches(p: StoredProduct, t: Term): boolean {
  switch (t.field) {
    case null:
      return [p.title, p.vendor, p.productType].some((text) => textMatches(text, t))
    case 'title':
      return textMatches(p.title, t)
    case 'vendor':
      return exact(p.vendor, t)
    case 'product_type':
      return exact(p.productType, t)
    case 'handle':
      return exact(p.handle, t)
    case 'tag':
      return p.tags.some((tag) => exact(tag, t))
    case 'status':
      return t.value.split(',').includes(p.status.toLowerCase())
    default:
      return true
  }
}

export const matchesSearch = (p: StoredProduct, terms: readonly Term[]) =>
  terms.every((t) => termMatches(p, t))
