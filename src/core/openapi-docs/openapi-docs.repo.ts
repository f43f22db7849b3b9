import type { Db } from '../db/open.js'

export interface OpenApiDocumentRow {
  workspace_id: string
  provider: string
  content_type: string
  source: string
  /** The document as JSON when `source` is YAML; null when `source` already is JSON. */
  document: string | null
  openapi_version: string
  title: string
  version: string
  operations: number
  created_at: string
  updated_at: string
}

const COLUMNS =
  'workspace_id, provider, content_type, source, document, openapi_version, title, version, operations, created_at, updated_at'
const META_COLUMNS =
  'workspace_id, provider, content_type, length(CAST(source AS BLOB)) AS size, openapi_version, title, version, operations, created_at, updated_at'

export type OpenApiDocumentMeta = Omit<OpenApiDocumentRow, 'source' | 'document'> & { size: number }

/** SQL for the OpenAPI documents attached to providers. */
export function createOpenApiDocsRepo(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO openapi_documents (${COLUMNS}) VALUES (@workspace_id, @provider, @content_type, @source,
     @document, @openapi_version, @title, @version, @operations, @created_at, @updated_at)
     ON CONFLICT (workspace_id, provider) DO UPDATE SET content_type = excluded.content_type,
     source = excluded.source, document = excluded.document, openapi_version = excluded.openapi_version,
     title = excluded.title, version = excluded.version, operations = excluded.operations,
     updated_at = excluded.updated_at`,
  )
  const byProvider = db.prepare(
    `SELECT ${COLUMNS} FROM openapi_documents WHERE workspace_id = ? AND provider = ?`,
  )
  const metaOf = db.prepare(
    `SELECT ${META_COLUMNS} FROM openapi_documents WHERE workspace_id = ? AND provider = ?`,
  )
  const versionOf = db.prepare(
    'SELECT updated_at FROM openapi_documents INDEXED BY openapi_documents_version WHERE workspace_id = ? AND provider = ?',
  )
  const list = db.prepare(`SELECT ${COLUMNS} FROM openapi_documents WHERE workspace_id = ? ORDER BY provider`)
  const inUse = db.prepare(
    `SELECT workspace_id, provider FROM openapi_documents d WHERE EXISTS
     (SELECT 1 FROM connections c WHERE c.workspace_id = d.workspace_id AND c.provider = d.provider)
     ORDER BY workspace_id, provider`,
  )
  const remove = db.prepare('DELETE FROM openapi_documents WHERE workspace_id = ? AND provider = ?')
  const clearObjects = db.prepare(
    `DELETE FROM openapi_objects WHERE workspace_id = ? AND connection_id IN
     (SELECT id FROM connections WHERE workspace_id = ? AND provider = ?)`,
  )
  return {
    upsert: (row: OpenApiDocumentRow) => void upsert.run(row),
    get: (workspaceId: string, provider: string) =>
      byProvider.get(workspaceId, provider) as OpenApiDocumentRow | undefined,
    /** When the document was last replaced (its version), from the index alone: cheap on every call. */
    version: (workspaceId: string, provider: string) =>
      (versionOf.get(workspaceId, provider) as { updated_at: string } | undefined)?.updated_at,
    meta: (workspaceId: string, provider: string) =>
      metaOf.get(workspaceId, provider) as OpenApiDocumentMeta | undefined,
    list: (workspaceId: string) => list.all(workspaceId) as OpenApiDocumentRow[],
    /** Which providers of which workspaces have a document and a connection that may use it. */
    inUse: () => inUse.all() as Array<{ workspace_id: string; provider: string }>,
    remove: (workspaceId: string, provider: string) => remove.run(workspaceId, provider).changes > 0,
    /** Forgets what the simulation of a provider's connections kept (its document changed or went). */
    clearObjects: (workspaceId: string, provider: string) =>
      void clearObjects.run(workspaceId, workspaceId, provider),
  }
}
export type OpenApiDocsRepo = ReturnType<typeof createOpenApiDocsRepo>
