import type { Db } from '../db/open.js'

/** Small per-data-folder values (for example the cursor signing secret). */
export function createSettingsRepo(db: Db) {
  const select = db.prepare('SELECT value FROM settings WHERE key = ?')
  const insertIfMissing = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
  )
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  )
  return {
    get: (key: string) => (select.get(key) as { value: string } | undefined)?.value,
    set: (key: string, value: string) => {
      upsert.run(key, value)
    },
    /** Returns the stored value, creating it with `make` the first time (safe across processes). */
    getOrCreate(key: string, make: () => string): string {
      insertIfMissing.run(key, make())
      return (select.get(key) as { value: string }).value
    },
  }
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>
