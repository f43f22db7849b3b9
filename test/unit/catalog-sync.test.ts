import { randomBytes } from 'node:crypto'
import { cpSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core.js'
import { closeDatabase, openDatabase } from '../../src/core/db/open.js'
import { findCatalogDir, loadCatalog } from '../../src/core/providers/catalog.js'
import { tempDir } from '../helpers/app.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A copy of the catalog files and an empty database, in a temp folder. */
function setup() {
  const { dir: root, cleanup } = tempDir('switchyard-catalog-sync-')
  cleanups.push(cleanup)
  const catalogDir = join(root, 'catalog')
  cpSync(findCatalogDir(), catalogDir, { recursive: true })
  const key = randomBytes(32)
  /** Boots a core on the database with the catalog as the files now are, and returns what it sees. */
  const boot = <T>(look: (core: ReturnType<typeof createCore>) => T): T => {
    const db = openDatabase({ path: join(root, 'switchyard.db') })
    try {
      return look(createCore({ db, encryptionKey: key, catalog: loadCatalog(catalogDir) }))
    } finally {
      closeDatabase(db)
    }
  }
  return { catalogDir, boot }
}

describe('catalog sync at boot', () => {
  it('leaves an unchanged catalog alone, and takes in an edited file at the next boot', () => {
    const { catalogDir, boot } = setup()
    const stripe = () => boot((core) => core.providers.find('', 'stripe'))
    const first = stripe()
    expect(first?.name).toBe('Stripe')
    expect(boot((core) => core.settings.get('catalog_fingerprint'))).toBeTruthy()

    // Unchanged files: nothing is rewritten.
    expect(stripe()?.updated_at).toBe(first?.updated_at)

    const file = join(catalogDir, 'providers', 'payments.json')
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('"name": "Stripe"')
    writeFileSync(file, text.replace('"name": "Stripe"', '"name": "Stripe Payments"'))
    expect(stripe()?.name).toBe('Stripe Payments')
  })

  it('compares contents when only the times changed (a fresh checkout), and keeps the rows', () => {
    const { catalogDir, boot } = setup()
    const before = boot((core) => core.providers.find('', 'stripe'))
    const file = join(catalogDir, 'providers', 'payments.json')
    utimesSync(file, new Date(), new Date(Date.now() + 60_000))
    const after = boot((core) => ({
      provider: core.providers.find('', 'stripe'),
      fingerprint: core.settings.get('catalog_fingerprint'),
    }))
    expect(after.provider?.updated_at).toBe(before?.updated_at)
    expect(after.fingerprint).toBe(loadCatalog(catalogDir).fingerprint)
  })
})
