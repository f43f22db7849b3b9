import { createHash } from 'node:crypto'
import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { notFound } from '../errors.js'
import { createRedactor, redactQuery } from '../proxy/redact.js'
import { type RecordingRow, type RecordingsRepo, toRecording } from './recordings.repo.js'
import type { Recording } from './recordings.schema.js'

/** One exchange to store, its headers already redacted. */
export interface Exchange {
  provider: string
  connectionId: string | null
  method: string
  path: string
  query: string
  requestHeaders: Array<[string, string]>
  requestBody: Buffer
  status: number
  responseHeaders: Array<[string, string]>
  responseBody: Buffer
  durationMs: number
  /** Defaults to now. */
  createdAt?: string
}

/**
 * The query as replay compares it: parameters decoded and sorted by name, then value, so the
 * order a client writes them in does not matter (repeated parameters still count).
 */
export function queryKey(query: string): string {
  const pairs = [...new URLSearchParams(query)]
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  return new URLSearchParams(pairs).toString()
}

const fingerprintOf = (e: Exchange) => {
  const hash = createHash('sha256')
  for (const part of [e.provider, e.method, e.path, e.query, JSON.stringify(e.requestHeaders)]) {
    hash.update(part).update('\0')
  }
  hash.update(e.requestBody).update('\0').update(String(e.status)).update('\0')
  hash.update(JSON.stringify(e.responseHeaders)).update('\0').update(e.responseBody)
  return hash.digest('hex')
}

/**
 * Recordings of proxied exchanges: stored, matched for replay, listed (cassettes.service.ts turns
 * them into cassettes and back). Whatever stores an exchange, headers and query parameters named
 * like credentials are redacted here once more, so no path in stores one.
 */
export function createRecordingsService(deps: { repo: RecordingsRepo; clock: Clock; ids: Ids }) {
  const { repo, clock, ids } = deps

  const nameRule = createRedactor()
  const rowOf = (workspaceId: string, given: Exchange): RecordingRow => {
    const e: Exchange = {
      ...given,
      query: redactQuery(given.query),
      requestHeaders: nameRule.headers(given.requestHeaders),
      responseHeaders: nameRule.headers(given.responseHeaders),
    }
    return {
      id: ids.next('rec'),
      workspace_id: workspaceId,
      provider: e.provider,
      connection_id: e.connectionId,
      method: e.method.toUpperCase(),
      path: e.path,
      query: e.query,
      query_key: queryKey(e.query),
      request_headers: JSON.stringify(e.requestHeaders),
      request_body: e.requestBody,
      status: e.status,
      response_headers: JSON.stringify(e.responseHeaders),
      response_body: e.responseBody,
      duration_ms: Math.max(0, Math.round(e.durationMs)),
      fingerprint: fingerprintOf(e),
      created_at: e.createdAt ?? isoAt(clock.now()),
    }
  }

  return {
    /** Stores one exchange; an identical one already stored is kept instead (returns false). */
    record: (workspaceId: string, exchange: Exchange): boolean => repo.insert(rowOf(workspaceId, exchange)),

    /**
     * The recording that answers a request: same provider, method, path and query parameters (in
     * any order; a credential-named parameter matches whatever its value, as it is stored
     * redacted); among several, the one whose request body is identical, then the newest.
     */
    match(
      workspaceId: string,
      request: { provider: string; method: string; path: string; query: string; body: Buffer },
    ): RecordingRow | undefined {
      return repo.match({
        workspace_id: workspaceId,
        provider: request.provider,
        method: request.method.toUpperCase(),
        path: request.path,
        query_key: queryKey(redactQuery(request.query)),
        body: request.body,
      })
    },

    get(workspaceId: string, id: string): Recording {
      const row = repo.get(workspaceId, id)
      if (!row) throw notFound('Recording', id)
      return toRecording(row)
    },

    remove(workspaceId: string, id: string): void {
      if (repo.remove(workspaceId, id) === 0) throw notFound('Recording', id)
    },

    /** Every stored row (of one provider, or all), in the cassette's stable order. */
    rows: (workspaceId: string, provider?: string): IterableIterator<RecordingRow> =>
      repo.all(workspaceId, provider ?? null),
  }
}
export type RecordingsService = ReturnType<typeof createRecordingsService>
