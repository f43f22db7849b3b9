import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { keyFingerprint, storedKeyFingerprint } from '../data-folder.js'
import { MIGRATIONS } from '../db/migrations/index.js'
import { type Db, openDatabase } from '../db/open.js'
import { AppError } from '../errors.js'
import { columnsOf, dataTables, quoteIdent, withoutForeignKeys } from './snapshot-tables.js'

export type TableCounts = Record<string, number>

const countRows = (db: Db, schema = 'main'): TableCounts =>
  Object.fromEntries(
    dataTables(db).map((t) => [
      t,
      (db.prepare(`SELECT count(*) AS n FROM ${quoteIdent(schema)}.${quoteIdent(t)}`).get() as { n: number })
        .n,
    ]),
  )

/** Checks a file is a Switchyard database this version can read; returns its migration versions. */
function inspectSnapshot(file: string): number[] {
  if (!existsSync(file)) throw new AppError('not_found', `No snapshot at ${file}.`)
  let probe: Database.Database | undefined
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true })
    const versions = (
      probe.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>
    ).map((r) => r.version)
    return versions
  } catch {
    throw new AppError(
      'invalid_request',
      `${file} is not a Switchyard snapshot (no readable Switchyard database).`,
    )
  } finally {
    probe?.close()
  }
}

/**
 * Snapshots of a data folder's database: export (SQLite's online backup, consistent while the
 * gateway runs), import (replaces all data in one transaction) and reset. Secrets stay encrypted:
 * a snapshot is only readable with the encryption key of the folder it came from.
 */
export function createSnapshots(deps: { db: Db; encryptionKey: Buffer }) {
  const { db, encryptionKey } = deps
  const resetListeners = new Set<() => void>()
  const announceReset = () => {
    for (const listener of resetListeners) listener()
  }

  return {
    /** Writes a consistent copy of the database to `file`. */
    async export(file: string): Promise<{ file: string; bytes: number; tables: TableCounts }> {
      await db.backup(file)
      return { file, bytes: statSync(file).size, tables: countRows(db) }
    },

    /**
     * Replaces every data table with the snapshot's rows. A snapshot from another folder needs that
     * folder's key (`keyFile`); it is returned so the caller can make it this folder's key.
     */
    import(file: string, options: { keyFile?: string } = {}): { tables: TableCounts; adoptedKey?: Buffer } {
      const known = new Set(MIGRATIONS.map((m) => m.version))
      const newer = inspectSnapshot(file).filter((v) => !known.has(v))
      if (newer.length) {
        throw new AppError(
          'invalid_request',
          `The snapshot comes from a newer Switchyard (migrations ${newer.join(', ')}).`,
        )
      }
      // Migrate a private copy, so an older snapshot gets today's schema before it is copied in.
      const dir = mkdtempSync(join(tmpdir(), 'switchyard-import-'))
      const copy = join(dir, 'snapshot.db')
      copyFileSync(file, copy)
      try {
        const snap = openDatabase({ path: copy })
        const snapshotKey = storedKeyFingerprint(snap)
        snap.close()
        let adoptedKey: Buffer | undefined
        if (snapshotKey && snapshotKey !== keyFingerprint(encryptionKey)) {
          if (!options.keyFile) {
            throw new AppError(
              'invalid_request',
              "This snapshot was encrypted with another data folder's key: pass that folder's encryption.key with --key-file.",
            )
          }
          adoptedKey = Buffer.from(readFileSync(options.keyFile, 'utf8').trim(), 'base64')
          if (adoptedKey.length !== 32 || keyFingerprint(adoptedKey) !== snapshotKey) {
            throw new AppError(
              'invalid_request',
              `${options.keyFile} is not the key this snapshot was encrypted with.`,
            )
          }
        }
        db.prepare('ATTACH DATABASE ? AS snap').run(copy)
        try {
          withoutForeignKeys(db, () => {
            for (const table of dataTables(db)) {
              const cols = columnsOf(db, table).map(quoteIdent).join(', ')
              db.prepare(`DELETE FROM main.${quoteIdent(table)}`).run()
              db.prepare(
                `INSERT INTO main.${quoteIdent(table)} (${cols}) SELECT ${cols} FROM snap.${quoteIdent(table)}`,
              ).run()
            }
            if (adoptedKey) {
              db.prepare(`UPDATE main.settings SET value = ? WHERE key = 'encryption_key_check'`).run(
                snapshotKey,
              )
            }
          })
        } finally {
          db.prepare('DETACH DATABASE snap').run()
        }
        announceReset()
        return { tables: countRows(db), ...(adoptedKey && { adoptedKey }) }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },

    /** Deletes every row of every data table (workspaces and keys included). */
    resetAll(): void {
      withoutForeignKeys(db, () => {
        for (const table of dataTables(db)) db.prepare(`DELETE FROM ${quoteIdent(table)}`).run()
      })
      announceReset()
    },

    /**
     * Deletes a workspace's data (connections, events, configs, custom providers, …) but keeps the
     * workspace and its API keys, so a test suite can reset between tests with the key it holds.
     */
    resetWorkspace(workspaceId: string): TableCounts {
      const removed: TableCounts = {}
      withoutForeignKeys(db, () => {
        for (const table of dataTables(db)) {
          if (table === 'workspaces' || table === 'api_keys') continue
          if (!columnsOf(db, table).includes('workspace_id')) continue
          removed[table] = db
            .prepare(`DELETE FROM ${quoteIdent(table)} WHERE workspace_id = ?`)
            .run(workspaceId).changes
        }
      })
      announceReset()
      return removed
    },

    /** Called after data was replaced wholesale, so in-memory projections (search indexes) rebuild. */
    onReset(listener: () => void): () => void {
      resetListeners.add(listener)
      return () => resetListeners.delete(listener)
    },
  }
}
export type Snapshots = ReturnType<typeof createSnapshots>
