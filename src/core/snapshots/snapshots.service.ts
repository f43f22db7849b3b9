import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { KEY_CHECK, keyFingerprint, storedKeyFingerprint } from '../data-folder.js'
import { MIGRATIONS } from '../db/migrations/index.js'
import { type Db, makePrivateFile, openDatabase } from '../db/open.js'
import { AppError } from '../errors.js'
import { createSettingsRepo } from '../settings/settings.repo.js'
import {
  copyAllFromSnap,
  countRevoked,
  countRows,
  deleteAll,
  deleteWorkspaceRows,
  migrationVersionsOf,
  reapplyRevocations,
  revokedKeys,
  withAttached,
  withoutForeignKeys,
} from './snapshots.repo.js'

export type TableCounts = Record<string, number>

/** What an import did to the key revocations the data folder already knew. */
export interface RevocationsKept {
  /** The folder's revocations still in force after the import (all, unless a key's workspace is gone). */
  kept: number
  /** Of those, keys the snapshot had active: revoked again. */
  reapplied: number
}

/** Checks a file is a Switchyard database this version can read; returns its migration versions. */
function inspectSnapshot(file: string): number[] {
  if (!existsSync(file)) throw new AppError('not_found', `No snapshot at ${file}.`)
  try {
    return migrationVersionsOf(file)
  } catch {
    throw new AppError(
      'invalid_request',
      `${file} is not a Switchyard snapshot (no readable Switchyard database).`,
    )
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
      // A snapshot holds everything the database does: owner-only, like the database itself.
      makePrivateFile(file)
      await db.backup(file)
      return { file, bytes: statSync(file).size, tables: countRows(db) }
    },

    /**
     * Replaces every data table with the snapshot's rows. A snapshot from another folder needs that
     * folder's key (`keyFile`); it is returned so the caller can make it this folder's key.
     * Revocations only ever accumulate: every key this folder knows as revoked stays revoked (by key
     * hash), even where the snapshot has it active, in the same transaction as the copy.
     */
    import(
      file: string,
      options: { keyFile?: string } = {},
    ): { tables: TableCounts; revocations: RevocationsKept; adoptedKey?: Buffer } {
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
        let hashes: Buffer[] = []
        let reapplied = 0
        withAttached(db, copy, () =>
          withoutForeignKeys(db, () => {
            // Read in the import's transaction, so a revocation made meanwhile is not missed.
            const revoked = revokedKeys(db)
            hashes = revoked.map((k) => k.key_hash)
            copyAllFromSnap(db)
            reapplied = reapplyRevocations(db, revoked)
            if (adoptedKey && snapshotKey) createSettingsRepo(db).set(KEY_CHECK, snapshotKey)
          }),
        )
        announceReset()
        const revocations = { kept: countRevoked(db, hashes), reapplied }
        return { tables: countRows(db), revocations, ...(adoptedKey && { adoptedKey }) }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },

    /** Deletes every row of every data table (workspaces and keys included). */
    resetAll(): void {
      withoutForeignKeys(db, () => deleteAll(db))
      announceReset()
    },

    /**
     * Deletes a workspace's data (connections, events, configs, custom providers, …) but keeps the
     * workspace, its API keys and its allowed redirect origins (configuration, not data), so a test
     * suite can reset between tests with the key it holds.
     */
    resetWorkspace(workspaceId: string): TableCounts {
      let removed: TableCounts = {}
      withoutForeignKeys(db, () => {
        removed = deleteWorkspaceRows(db, workspaceId, [
          'workspaces',
          'api_keys',
          'workspace_redirect_origins',
        ])
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
