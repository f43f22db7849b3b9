import { memoUntilChange } from '../db/change-stamp.js'
import type { Db } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import type { MatchKey, RecordingRow, RecordingsRepo } from './recordings.repo.js'

/** Above this many recordings of one request shape (one call with many bodies) replay asks SQL each time. */
const MAX_CANDIDATES = 16

/**
 * Replay's lookup in memory: the recordings that could answer a request (same workspace, provider,
 * method, path and query parameters), newest first, kept per request shape until the recordings
 * table changes. Each replayed call otherwise ran the match query (and read the response blob) again.
 *
 * Constraint, invalidated on change: the memo is dropped whenever the recordings table's stamp
 * moves (db/table-stamp.ts: a write from this connection or any other — a cassette imported from
 * the CLI, a recording deleted in the dashboard), so the very next call sees exactly what SQL would.
 * The choice among candidates repeats SQL's `ORDER BY (request_body = @body) DESC,
 * created_at DESC, id DESC`: the newest with an identical body, else the newest.
 */
export function createReplayIndex(db: Db, repo: Pick<RecordingsRepo, 'candidates' | 'match'>) {
  const candidatesOf = memoUntilChange(createTableStamp(db, ['recordings']), (shape: string) => {
    const [workspace_id, provider, method, path, query_key] = JSON.parse(shape) as string[]
    const rows = repo.candidates(
      {
        workspace_id: workspace_id!,
        provider: provider!,
        method: method!,
        path: path!,
        query_key: query_key!,
      },
      MAX_CANDIDATES + 1,
    )
    return rows.length > MAX_CANDIDATES ? undefined : rows
  })
  return {
    match(key: MatchKey): RecordingRow | undefined {
      const rows = candidatesOf(
        JSON.stringify([key.workspace_id, key.provider, key.method, key.path, key.query_key]),
      )
      if (!rows) return repo.match(key)
      return rows.find((row) => row.request_body.equals(key.body)) ?? rows[0]
    },
  }
}
