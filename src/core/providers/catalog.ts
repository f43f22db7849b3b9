import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import {
  type CatalogProvider,
  CatalogProviderSchema,
  type Category,
  CategorySchema,
} from './providers.schema.js'

/**
 * Finds `resources/catalog` by walking up from this module: the same code runs from `src/` (tests),
 * `dist/` (the CLI bundle) and `out/main` (Electron), at different depths.
 */
export function findCatalogDir(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    const candidate = join(dir, 'resources', 'catalog')
    if (existsSync(join(candidate, 'categories.json'))) return candidate
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`resources/catalog not found above ${from}`)
    dir = parent
  }
}

export interface Catalog {
  categories: Category[]
  providers: CatalogProvider[]
  /** Hash of the catalog files, so boot can skip re-syncing an unchanged catalog. */
  hash: string
}

/** Loads and validates the catalog files; a malformed catalog fails loudly at startup. */
export function loadCatalog(dir = findCatalogDir()): Catalog {
  const hash = createHash('sha256')
  const read = (path: string) => {
    const text = readFileSync(path, 'utf8')
    hash.update(text)
    return JSON.parse(text) as unknown
  }
  const categories = z.array(CategorySchema).parse(read(join(dir, 'categories.json')))
  const providers: CatalogProvider[] = []
  const files = readdirSync(join(dir, 'providers'))
    .filter((f) => f.endsWith('.json'))
    .sort()
  for (const file of files) {
    const parsed = z.array(CatalogProviderSchema).safeParse(read(join(dir, 'providers', file)))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      throw new Error(`catalog file ${file}: ${issue.path.join('.')}: ${issue.message}`)
    }
    providers.push(...parsed.data)
  }
  return { categories, providers, hash: hash.digest('hex') }
}
