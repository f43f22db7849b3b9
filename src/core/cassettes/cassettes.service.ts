import { type Db, inTransaction } from '../db/open.js'
import type { MockRoutesService } from '../mock-routes/mock-routes.service.js'
import type { OpenApiDocsService } from '../openapi-docs/openapi-docs.service.js'
import type { RecordingsService } from '../recordings/recordings.service.js'
import { CASSETTE_VERSION, type Cassette, type CassetteEntry, readBody, writeBody } from './cassette.js'

/**
 * Cassettes: a workspace's recordings, mock routes and OpenAPI documents (of one provider, or all)
 * as one file, and back. It depends on them; none depends on it.
 */
export function createCassettes(deps: {
  db: Db
  recordings: Pick<RecordingsService, 'rows' | 'record'>
  mockRoutes: Pick<MockRoutesService, 'exportRoutes' | 'importRoutes'>
  openapi: Pick<OpenApiDocsService, 'list' | 'put'>
}) {
  const { db, recordings, mockRoutes, openapi } = deps
  return {
    /** Every recording (of one provider, or all) as a cassette, in a stable order, with the mock routes and OpenAPI documents. */
    exportCassette(workspaceId: string, provider?: string): Cassette {
      const entries: CassetteEntry[] = []
      for (const row of recordings.rows(workspaceId, provider)) {
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
      const routes = mockRoutes.exportRoutes(workspaceId, provider)
      const documents = openapi
        .list(workspaceId)
        .filter((doc) => provider === undefined || doc.provider === provider)
        .map((doc) => ({
          provider: doc.provider,
          content_type: doc.content_type as 'application/json',
          document: doc.source,
        }))
      return {
        version: CASSETTE_VERSION,
        entries,
        ...(routes.length > 0 && { mock_routes: routes }),
        ...(documents.length > 0 && { openapi: documents }),
      }
    },

    /**
     * Loads a cassette in one transaction. Idempotent: an exchange already stored is skipped; a
     * mock route with an id already stored is replaced. Credential-named headers and query
     * parameters are redacted on the way in (recordings.service.ts).
     */
    importCassette(
      workspaceId: string,
      cassette: Cassette,
    ): { imported: number; skipped: number; mock_routes?: number } {
      return inTransaction(db, () => {
        const routes =
          cassette.mock_routes &&
          mockRoutes.importRoutes(workspaceId, cassette.mock_routes, { base: '/mock_routes' })
        for (const doc of cassette.openapi ?? [])
          openapi.put(workspaceId, doc.provider, doc.document, doc.content_type)
        let imported = 0
        for (const entry of cassette.entries) {
          const stored = recordings.record(workspaceId, {
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
          })
          if (stored) imported++
        }
        return {
          imported,
          skipped: cassette.entries.length - imported,
          ...(routes !== undefined && { mock_routes: routes }),
        }
      })
    },
  }
}
export type Cassettes = ReturnType<typeof createCassettes>
