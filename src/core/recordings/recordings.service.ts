import { createHash } from 'node:crypto'
import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { type Db, inTransaction } from '../db/open.js'
import { notFound } from '../errors.js'
import type { MockRoutesService } from '../mock-routes/mock-routes.service.js'
import type { OpenApiDocsService } from '../openapi-docs/openapi-docs.service.js'
import { CASSETTE_VERSION, type Cassette, type CassetteEntry, readBody, writeBody } from './cassette.js'
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

/** Recordings of proxied exchanges: stored, matched for replay, listed, exported and imported as cassettes. */
export function createRecordingsService(deps: {
  db: Db
  repo: RecordingsRepo
  clock: Clock
  ids: Ids
  /** Cassettes carry the workspace's mock routes too, when given. */
  mockRoutes?: Pick<MockRoutesService, 'exportRoutes' | 'importRoutes'>
  /** Cassettes carry the OpenAPI documents of their providers. */
  openapi?: Pick<OpenApiDocsService, 'list' | 'put'>
}) {
  const { db, repo, clock, ids } = deps

  const rowOf = (workspaceId: string, e: Exchange): RecordingRow => ({
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
  })

  return {
    /** Stores one exchange; an identical one already stored is kept instead (returns false). */
    record: (workspaceId: string, exchange: Exchange): boolean => repo.insert(rowOf(workspaceId, exchange)),

    /**
     * The recording that answers a request: same provider, method, path and query parameters (in
     * any order); among several, the one whose request body is identical, then the newest.
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
        query_key: queryKey(request.query),
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

    /** Every recording (of one provider, or all) as a cassette, in a stable order. */
    exportCassette(workspaceId: string, provider?: string): Cassette {
      const entries: CassetteEntry[] = []
      for (const row of repo.all(workspaceId, provider ?? null)) {
        entries.push({
          provider: row.provider,
          recorded_at: row.created_at,
          duration_ms: row.duration_ms,
          request: {
            method: row.method,
            path: row.path,
            query: row.query,
            headers: JSON.parse(row.request_headers) as Array<[string, string]>,
            ...writeBody(row.request_body),
          },
          response: {
            status: row.status,
            headers: JSON.parse(row.response_headers) as Array<[string, string]>,
            ...writeBody(row.response_body),
          },
        })
      }
      const mockRoutes = deps.mockRoutes?.exportRoutes(workspaceId, provider) ?? []
      const openapi = (deps.openapi?.list(workspaceId) ?? [])
        .filter((doc) => provider === undefined || doc.provider === provider)
        .map((doc) => ({
          provider: doc.provider,
          content_type: doc.content_type as 'application/json',
          document: doc.source,
        }))
      return {
        version: CASSETTE_VERSION,
        entries,
        ...(mockRoutes.length > 0 && { mock_routes: mockRoutes }),
        ...(openapi.length > 0 && { openapi }),
      }
    },

    /**
     * Loads a cassette in one transaction. Idempotent: an exchange already stored is skipped; a
     * mock route with an id already stored is replaced.
     */
    importCassette(
      workspaceId: string,
      cassette: Cassette,
    ): { imported: number; skipped: number; mock_routes?: number } {
      return inTransaction(db, () => {
        const mockRoutes =
          cassette.mock_routes &&
          deps.mockRoutes?.importRoutes(workspaceId, cassette.mock_routes, { base: '/mock_routes' })
        for (const doc of cassette.openapi ?? [])
          deps.openapi?.put(workspaceId, doc.provider, doc.document, doc.content_type)
        let imported = 0
        for (const entry of cassette.entries) {
          const stored = repo.insert(
            rowOf(workspaceId, {
              provider: entry.provider,
              connectionId: null,
              method: entry.request.method.toUpperCase(),
              path: entry.request.path,
              query: entry.request.query,
              requestHeaders: entry.request.headers,
              requestBody: readBody(entry.request.body, entry.request.body_encoding),
              status: entry.response.status,
              responseHeaders: entry.response.headers,
              responseBody: readBody(entry.response.body, entry.response.body_encoding),
              durationMs: entry.duration_ms,
              createdAt: new Date(entry.recorded_at).toISOString(),
            }),
          )
          if (stored) imported++
        }
        return {
          imported,
          skipped: cassette.entries.length - imported,
          ...(mockRoutes !== undefined && { mock_routes: mockRoutes }),
        }
      })
    },
  }
}
export type RecordingsService = ReturnType<typeof createRecordingsService>
