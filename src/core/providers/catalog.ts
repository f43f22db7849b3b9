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

/**
 * Reads the catalog files and hashes them at once; parses and validates them only when first
 * used, so a boot whose database already holds this exact catalog skips that work.
 * A malformed catalog fails loudly when it is first used.
 */
export function loadCatalog(dir = findCatalogDir()): Catalog {
  const hash = createHash('sha256')
  const read = (path: string) => {
    const text = readFileSync(path, 'utf8')
    hash.update(text)
    return text
  }
  const categoriesText = read(join(dir, 'categories.json'))
  const providerFiles = readdirSync(join(dir, 'providers'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, text: read(join(dir, 'providers', file)) }))
  let parsed: { categories: Category[]; providers: CatalogProvider[] } | undefined
  const parse = () => {
    if (parsed) return parsed
    const categories = z.array(CategorySchema).parse(JSON.parse(categoriesText))
    const providers: CatalogProvider[] = []
    for (const { file, text } of providerFiles) {
      const result = z.array(CatalogProviderSchema).safeParse(JSON.parse(text))
      if (!result.success) {
        const issue = result.error.issues[0]!
        throw new Error(`catalog file ${file}: ${issue.path.join('.')}: ${issue.message}`)
      }
      providers.push(...result.data)
    }
    parsed = { categories, providers }
    return parsed
  }
  return {
    hash: hash.digest('hex'),
    get categories() {
      return parse().categories
    },
    get providers() {
      return parse().providers
    },
  }
}
