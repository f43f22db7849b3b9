import type { Db } from '../db/open.js'

/** Small per-data-folder values (for example the cursor signing secret), created on first use. */
export function createSettingsRepo(db: Db) {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?')
  const insert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING')
  return {
    /** Returns the stored value, creating it with `make` the first time (safe across processes). */
    getOrCreate(key: string, make: () => string): string {
      insert.run(key, make())
      return (get.get(key) as { value: string }).value
    },
  }
}
