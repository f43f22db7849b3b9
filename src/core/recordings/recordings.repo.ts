import { opaque } from '../db/opaque-param.js'
import type { Db } from '../db/open.js'
import { encodeBody } from '../events/captured-request.js'
import type { Recording, RecordingSummary } from './recordings.schema.js'

export interface RecordingRow {
  id: string
  workspace_id: string
  provider: string
  connection_id: string | null
  method: string
  path: string
  query: string
  query_key: string
  /** JSON [name, value] pairs. */
  request_headers: string
  request_body: Buffer
  status: number
  response_headers: string
  response_body: Buffer
  duration_ms: number
  /** sha256 of the exchange's content: an imported copy of a stored recording is not stored twice. */
  fingerprint: string
  created_at: string
}

export type SummaryRow = Omit<
  RecordingRow,
  'request_headers' | 'request_body' | 'response_headers' | 'response_body' | 'query_key' | 'fingerprint'
> & {
  request_size: number
  response_size: number
}

const COLUMNS =
  'id, workspace_id, provider, connection_id, method, path, query, query_key, request_headers, request_body, status, response_headers, response_body, duration_ms, fingerprint, created_at'

/** The search projection: no bodies, their sizes instead. */
export const SUMMARY_COLUMNS =
  'id, workspace_id, provider, connection_id, method, path, query, status, duration_ms, length(request_body) AS request_size, length(response_body) AS response_size, created_at'

export const toSummary = (row: SummaryRow): RecordingSummary => ({
  id: row.id,
  provider: row.provider,
  connection_id: row.connection_id,
  method: row.method,
  path: row.path,
  query: row.query,
  status: row.status,
  duration_ms: row.duration_ms,
  request_size: row.request_size,
  response_size: row.response_size,
  created_at: row.created_at,
})

const headers = (json: string) =>
  (JSON.parse(json) as Array<[string, string]>).map(([name, value]) => ({ name, value }))

export const toRecording = (row: RecordingRow): Recording => ({
  ...toSummary({ ...row, request_size: row.request_body.length, response_size: row.response_body.length }),
  request: {
    headers: headers(row.request_headers),
    size: row.request_body.length,
    ...encodeBody(row.request_body),
  },
  response: {
    headers: headers(row.response_headers),
    size: row.response_body.length,
    ...encodeBody(row.response_body),
  },
})

/** What a replayed request is matched on (see RecordingsService.match). */
export interface MatchKey {
  workspace_id: string
  provider: string
  method: string
  path: string
  query_key: string
  body: Buffer
}

/** SQL for recordings. */
export function createRecordingsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO recordings (${COLUMNS}) VALUES (@id, @workspace_id, @provider, @connection_id, @method, @path,
     @query, @query_key, @request_headers, @request_body, @status, @response_headers, @response_body,
     @duration_ms, @fingerprint, @created_at) ON CONFLICT (workspace_id, fingerprint) DO NOTHING`,
  )
  const byId = db.prepare(`SELECT ${COLUMNS} FROM recordings WHERE workspace_id = ? AND id = ?`)
  // One request shape; its parameters hidden from the planner, or each lookup plans again (opaque-param.ts).
  const SAME_SHAPE = ['workspace_id', 'provider', 'method', 'path', 'query_key']
    .map((column) => `${column} = ${opaque(column)}`)
    .join(' AND ')
  // Identical request body first, then the newest (created_at, then id, as ids sort by time too).
  const match = db.prepare(
    `SELECT ${COLUMNS} FROM recordings
     WHERE ${SAME_SHAPE}
     ORDER BY (request_body = ${opaque('body')}) DESC, created_at DESC, id DESC LIMIT 1`,
  )
  // The same request shape, in match's order but for the body (replay-index.ts picks among them).
  const candidates = db.prepare(
    `SELECT ${COLUMNS} FROM recordings
     WHERE ${SAME_SHAPE}
     ORDER BY created_at DESC, id DESC LIMIT ${opaque('limit')}`,
  )
  const remove = db.prepare('DELETE FROM recordings WHERE workspace_id = ? AND id = ?')
  const all = db.prepare(
    `SELECT ${COLUMNS} FROM recordings WHERE workspace_id = @workspace_id AND (@provider IS NULL OR provider = @provider)
     ORDER BY provider, method, path, query_key, created_at, id`,
  )
  return {
    /** Returns false when an identical exchange was already stored. */
    insert: (row: RecordingRow) => insert.run(row).changes === 1,
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as RecordingRow | undefined,
    match: (key: MatchKey) => match.get(key) as RecordingRow | undefined,
    /** Up to `limit` recordings of one request shape, newest first. */
    candidates: (shape: Omit<MatchKey, 'body'>, limit: number) =>
      candidates.all({ ...shape, limit }) as RecordingRow[],
    remove: (workspaceId: string, id: string) => remove.run(workspaceId, id).changes,
    /** Every recording, in the cassette's stable order. */
    all: (workspaceId: string, provider: string | null) =>
      all.iterate({ workspace_id: workspaceId, provider }) as IterableIterator<RecordingRow>,
  }
}
export type RecordingsRepo = ReturnType<typeof createRecordingsRepo>
