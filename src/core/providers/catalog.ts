import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
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
  /**
   * Names, sizes and modification times of the catalog files: when the database recorded this
   * same fingerprint, boot knows the catalog is unchanged without reading or hashing the files.
   */
  fingerprint?: string
}

/**
 * Lists the catalog files and stats them; reads, hashes, parses and validates them only when first
 * needed, so a boot whose database already holds this exact catalog skips all of that.
 * A malformed catalog fails loudly when it is first used.
 */
export function loadCatalog(dir = findCatalogDir()): Catalog {
  const providersDir = join(dir, 'providers')
  const files = [
    join(dir, 'categories.json'),
    ...readdirSync(providersDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(providersDir, f)),
  ]
  const fingerprint = files
    .map((file) => {
      const stat = statSync(file)
      return `${basename(file)}:${stat.size}:${stat.mtimeMs}`
    })
    .join('|')
  let texts: string[] | undefined
  const read = () => {
    texts ??= files.map((file) => readFileSync(file, 'utf8'))
    return texts
  }
  let hash: string | undefined
  let parsed: { categories: Category[]; providers: CatalogProvider[] } | undefined
  const parse = () => {
    if (parsed) return parsed
    const [categoriesText, ...providerTexts] = read()
    const categories = z.array(CategorySchema).parse(JSON.parse(categoriesText!))
    const providers: CatalogProvider[] = []
    providerTexts.forEach((text, i) => {
      const result = z.array(CatalogProviderSchema).safeParse(JSON.parse(text))
      if (!result.success) {
        const issue = result.error.issues[0]!
        throw new Error(`catalog file ${basename(files[i + 1]!)}: ${issue.path.join('.')}: ${issue.message}`)
      }
      providers.push(...result.data)
    })
    parsed = { categories, providers }
    return parsed
  }
  return {
    fingerprint,
    get hash() {
      if (hash === undefined) {
        const sha = createHash('sha256')
        for (const text of read()) sha.update(text)
        hash = sha.digest('hex')
      }
      return hash
    },
    get categories() {
      return parse().categories
    },
    get providers() {
      return parse().providers
    },
  }
}
