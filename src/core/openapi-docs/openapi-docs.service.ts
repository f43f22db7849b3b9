import { type Clock, isoAt } from '../common/clock.js'
import { afterCommit, type Db, inTransaction } from '../db/open.js'
import { AppError, invalid } from '../errors.js'
import { type CompiledApi, compileApi } from '../openapi-sim/compile-api.js'
import { rehearse } from '../openapi-sim/rehearse.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { OpenApiDocsRepo, OpenApiDocumentRow } from './openapi-docs.repo.js'
import type { OpenApiDocumentInfo } from './openapi-docs.schema.js'
import { formatOf, parseDocument, unsupportedFormat } from './parse-document.js'
import { validateDocument } from './validate-document.js'

const noDocument = (provider: string) =>
  new AppError(
    'not_found',
    `Provider '${provider}' has no OpenAPI document. Attach one with PUT /api/providers/${provider}/openapi.`,
  )

/**
 * OpenAPI documents attached to providers (catalog or custom), per workspace: validated before
 * anything is stored, kept as uploaded, and compiled (operations indexed, resources inferred) once
 * per version for the simulation and the validating proxy.
 */
export function createOpenApiDocsService(deps: {
  db: Db
  repo: OpenApiDocsRepo
  providers: ProvidersService
  clock: Clock
}) {
  const { db, repo, providers, clock } = deps
  // Compiled documents by workspace and provider, tagged with the stored version they came from.
  const compiled = new Map<string, { updatedAt: string; api: CompiledApi }>()
  const keyOf = (workspaceId: string, provider: string) => `${workspaceId}\u0000${provider}`

  const infoOf = (
    row: Omit<OpenApiDocumentRow, 'source' | 'document'> & { size: number },
    api: CompiledApi,
  ): OpenApiDocumentInfo => ({
    provider: row.provider,
    openapi: row.openapi_version,
    title: row.title,
    version: row.version,
    content_type: row.content_type as OpenApiDocumentInfo['content_type'],
    size: row.size,
    operations: row.operations,
    resources: api.resources.map((r) => r.collection),
    created_at: row.created_at,
    updated_at: row.updated_at,
  })

  /** Parses and checks a document; throws a 400 listing every problem. */
  const check = (text: string, contentType: string | undefined) => {
    const format = formatOf(contentType)
    if (!format) throw unsupportedFormat(contentType)
    const doc = parseDocument(text, format)
    const problems = validateDocument(doc)
    if (problems.length > 0) {
      throw invalid(
        `The OpenAPI document has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was stored.`,
        problems,
      )
    }
    return { doc, format }
  }

  // Documents being prepared in the background (after a start), by key.
  const preparing = new Map<string, Promise<void>>()

  /** Parses, compiles and rehearses a stored document; `between` yields to the event loop between steps. */
  async function prepare(workspaceId: string, provider: string, between: () => Promise<void>) {
    const row = repo.get(workspaceId, provider)
    if (!row) return
    const doc = JSON.parse(row.document ?? row.source) as Record<string, unknown>
    await between()
    const api = compileApi(doc)
    await between()
    rehearse(api)
    // Replaced or removed meanwhile: what was prepared is not the stored version.
    if (repo.version(workspaceId, provider) === row.updated_at) {
      compiled.set(keyOf(workspaceId, provider), { updatedAt: row.updated_at, api })
    }
  }

  /** The compiled document of a provider, or undefined when it has none. */
  function load(workspaceId: string, provider: string): CompiledApi | undefined {
    // Asked on every simulated call: the version alone (the meta row would read the whole document).
    const version = repo.version(workspaceId, provider)
    const key = keyOf(workspaceId, provider)
    if (version === undefined) {
      compiled.delete(key)
      return undefined
    }
    const cached = compiled.get(key)
    if (cached && cached.updatedAt === version) return cached.api
    const row = repo.get(workspaceId, provider) as OpenApiDocumentRow
    const api = compileApi(JSON.parse(row.document ?? row.source) as Record<string, unknown>)
    rehearse(api)
    compiled.set(key, { updatedAt: row.updated_at, api })
    return api
  }

  return {
    check,
    /** Attaches (or replaces) a provider's document; nothing is stored when it is invalid. */
    put(
      workspaceId: string,
      provider: string,
      text: string,
      contentType: string | undefined,
    ): OpenApiDocumentInfo {
      providers.get(workspaceId, provider)
      const { doc, format } = check(text, contentType)
      const api = compileApi(doc)
      rehearse(api)
      const info = (doc.info ?? {}) as { title?: unknown; version?: unknown }
      const existing = repo.meta(workspaceId, provider)
      // A replacement within the same millisecond still gets a new version tag for the cache.
      let now = isoAt(clock.now())
      if (existing && existing.updated_at >= now) now = isoAt(Date.parse(existing.updated_at) + 1)
      const row: OpenApiDocumentRow = {
        workspace_id: workspaceId,
        provider,
        content_type: format === 'json' ? 'application/json' : 'application/yaml',
        source: text,
        document: format === 'json' ? null : JSON.stringify(doc),
        openapi_version: String(doc.openapi),
        title: String(info.title ?? ''),
        version: String(info.version ?? ''),
        operations: api.operations.length,
        created_at: existing?.created_at ?? now,
        updated_at: now,
      }
      inTransaction(db, () => {
        repo.upsert(row)
        // Cached once stored for good: a rolled-back apply (a fixtures dry run) leaves no trace.
        afterCommit(db, () => compiled.set(keyOf(workspaceId, provider), { updatedAt: now, api }))
      })
      return infoOf({ ...row, size: Buffer.byteLength(text) }, api)
    },
    /** The document as uploaded, with its content type. */
    get(workspaceId: string, provider: string): { contentType: string; source: string } {
      providers.get(workspaceId, provider)
      const row = repo.get(workspaceId, provider)
      if (!row) throw noDocument(provider)
      return { contentType: row.content_type, source: row.source }
    },
    /** What is known of the attached document, or undefined. */
    info(workspaceId: string, provider: string): OpenApiDocumentInfo | undefined {
      const meta = repo.meta(workspaceId, provider)
      const api = meta && load(workspaceId, provider)
      return meta && api ? infoOf(meta, api) : undefined
    },
    /** Detaches the document and forgets what its simulation kept; 404 when there is none. */
    remove(workspaceId: string, provider: string): void {
      providers.get(workspaceId, provider)
      const removed = inTransaction(db, () => {
        repo.clearObjects(workspaceId, provider)
        return repo.remove(workspaceId, provider)
      })
      compiled.delete(keyOf(workspaceId, provider))
      if (!removed) throw noDocument(provider)
    },
    /** Every attached document of the workspace, as uploaded (for exports). */
    list: (workspaceId: string) => repo.list(workspaceId),
    load,
    /**
     * Prepares the stored documents of providers with connections in the background (after a
     * start), one step per turn of the event loop, so the first simulated call of each finds it
     * compiled. A call meanwhile waits for its document's preparation (see `preparation`) rather
     * than doing the same work again.
     */
    async prepareAll(between: () => Promise<void>): Promise<void> {
      // Only documents a connection may use: a large one costs memory (GitHub's: ~130 MiB).
      for (const { workspace_id, provider } of repo.inUse()) {
        const key = keyOf(workspace_id, provider)
        if (compiled.has(key)) continue
        await between()
        const done = prepare(workspace_id, provider, between).finally(() => preparing.delete(key))
        preparing.set(key, done)
        await done
      }
    },
    /** Whether the provider's stored document is compiled and ready (its current version). */
    prepared(workspaceId: string, provider: string): boolean {
      const cached = compiled.get(keyOf(workspaceId, provider))
      return !!cached && cached.updatedAt === repo.version(workspaceId, provider)
    },
    /** The background preparation of a provider's document, while one is under way. */
    preparation: (workspaceId: string, provider: string) => preparing.get(keyOf(workspaceId, provider)),
  }
}
export type OpenApiDocsService = ReturnType<typeof createOpenApiDocsService>
