import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findCatalogDir, loadCatalog } from '../../src/core/providers/catalog.js'
import {
  CatalogProviderSchema,
  CategorySchema,
  RESERVED_PROVIDER_IDS,
} from '../../src/core/providers/providers.schema.js'

const dir = findCatalogDir()
const files = readdirSync(join(dir, 'providers')).filter((f) => f.endsWith('.json'))
const read = (file: string) => JSON.parse(readFileSync(join(dir, 'providers', file), 'utf8')) as unknown[]
const categories = (JSON.parse(readFileSync(join(dir, 'categories.json'), 'utf8')) as unknown[]).map((c) =>
  CategorySchema.parse(c),
)
const providers = loadCatalog(dir).providers

describe('the provider catalog (resources/catalog)', () => {
  it.each(files)('every entry of providers/%s matches CatalogProviderSchema', (file) => {
    const problems = read(file).flatMap((entry, i) => {
      const parsed = CatalogProviderSchema.safeParse(entry)
      return parsed.success
        ? []
        : parsed.error.issues.map(
            (issue) =>
              `${file}[${i}] ${(entry as { id?: string }).id}: ${issue.path.join('.')}: ${issue.message}`,
          )
    })
    expect(problems).toEqual([])
  })

  it('has at least 300 providers', () => {
    expect(providers.length).toBeGreaterThanOrEqual(300)
  })

  it('gives no two providers the same id', () => {
    const seen = new Map<string, number>()
    for (const p of providers) seen.set(p.id, (seen.get(p.id) ?? 0) + 1)
    expect([...seen].filter(([, n]) => n > 1).map(([id]) => id)).toEqual([])
  })

  it('has between 20 and 30 categories, with unique ids', () => {
    expect(categories.length).toBeGreaterThanOrEqual(20)
    expect(categories.length).toBeLessThanOrEqual(30)
    expect(new Set(categories.map((c) => c.id)).size).toBe(categories.length)
  })

  it('only references categories that exist', () => {
    const known = new Set(categories.map((c) => c.id))
    const unknown = providers.flatMap((p) =>
      p.categories.filter((c) => !known.has(c)).map((c) => `${p.id} → ${c}`),
    )
    expect(unknown).toEqual([])
  })

  it('puts at least one provider in every category', () => {
    const used = new Set(providers.flatMap((p) => p.categories))
    expect(categories.filter((c) => !used.has(c.id)).map((c) => c.id)).toEqual([])
  })

  it('uses no id that a catalog path needs (/providers/categories)', () => {
    expect(providers.filter((p) => RESERVED_PROVIDER_IDS.includes(p.id)).map((p) => p.id)).toEqual([])
  })

  it('includes the providers other features are built around', () => {
    const ids = new Set(providers.map((p) => p.id))
    const wanted = [
      'github',
      'slack',
      'stripe',
      'shopify',
      'google-drive',
      'notion',
      'jira',
      'salesforce',
      'hubspot',
      'zendesk',
      'zoom',
      'dropbox',
      'asana',
    ]
    expect(wanted.filter((id) => !ids.has(id))).toEqual([])
  })
})
