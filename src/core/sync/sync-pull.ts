import { type Clock, isoAt } from '../common/clock.js'
import type { Connection } from '../connections/connections.schema.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import type { Event } from '../events/events.schema.js'
import type { EventsService } from '../events/events.service.js'
import type { Installation } from '../installations/installations.schema.js'
import type { ProviderConfig } from '../provider-configs/provider-configs.schema.js'
import { CreateProviderSchema, type Provider } from '../providers/providers.schema.js'
import type { ProvidersService } from '../providers/providers.service.js'
import { SYNC_RESOURCES, type SyncRepo, type SyncResource, type Watermark } from './sync.repo.js'
import type { OpenUpstream, UpstreamClientOptions } from './upstream.js'

export interface SyncProgress {
  resource: SyncResource
  /** New rows stored so far for this resource. */
  added: number
  /** Rows seen that were already here (or could not be stored, see the summary's notes). */
  skipped: number
  done: boolean
}

export interface PullOptions {
  workspaceId: string
  baseUrl: string
  apiKey: string
  pageSize?: number
  client?: UpstreamClientOptions
  onProgress?: (progress: SyncProgress) => void
}

export interface PullSummary {
  upstream: string
  resources: Record<SyncResource, { added: number; skipped: number }>
  /** Why a custom provider was not copied (its id is a catalog provider here, an unknown category…). */
  notes: string[]
  complete: boolean
  error?: string
}

/** An upstream is named by its base URL without a trailing slash, query or fragment. */
export function upstreamName(baseUrl: string): string {
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new AppError('invalid_request', `The upstream URL is not an http(s) URL: ${baseUrl}`)
  }
  const url = new URL(baseUrl)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

const seenBefore = (item: { id: string; created_at: string }, mark: Watermark | undefined) =>
  mark !== undefined && (item.created_at < mark.at || (item.created_at === mark.at && item.id <= mark.id))

/**
 * Pulls an upstream workspace into a local one through the public search endpoints: custom
 * providers, provider configs (no secrets), installations, connections (no tokens) and events.
 * Each page commits in one transaction together with the watermark (newest created_at + id),
 * so an interrupted pull resumes where it stopped and a repeated pull adds nothing.
 */
export function createSyncPull(deps: {
  db: Db
  repo: SyncRepo
  clock: Clock
  events: EventsService
  providers: ProvidersService
  openUpstream: OpenUpstream
}) {
  const { db, repo, clock, events, providers } = deps

  /** Stores one upstream item; false when it was already here (or cannot be stored: see notes). */
  const store = (
    ws: string,
    resource: SyncResource,
    item: Record<string, unknown>,
    notes: string[],
  ): boolean => {
    switch (resource) {
      case 'providers': {
        const p = item as unknown as Provider
        if (providers.find(ws, p.id)) return false
        const input = CreateProviderSchema.safeParse({
          id: p.id,
          name: p.name,
          description: p.description,
          tags: p.tags,
          categories: p.categories,
          color: p.color,
          auth: p.auth,
          webhooks: p.webhooks ?? undefined,
          docs_url: p.docs_url ?? undefined,
          placeholders: p.placeholders,
          api: p.api ?? undefined,
        })
        if (!input.success) {
          notes.push(`custom provider '${p.id}' was not copied: ${input.error.issues[0]?.message}`)
          return false
        }
        try {
          providers.create(ws, input.data)
        } catch (err) {
          if (!(err instanceof AppError)) throw err
          notes.push(`custom provider '${p.id}' was not copied: ${err.detail}`)
          return false
        }
        return true
      }
      case 'provider_configs': {
        const c = item as unknown as ProviderConfig
        return repo.insertConfig({
          id: c.id,
          workspace_id: ws,
          provider: c.provider,
          name: c.name,
          client_id: c.client_id,
          scopes: c.scopes ? JSON.stringify(c.scopes) : null,
          webhook_signature: c.webhook_signature,
          created_at: c.created_at,
          updated_at: c.updated_at,
        })
      }
      case 'installations': {
        const i = item as unknown as Installation
        return repo.insertInstallation({ ...pick(i), external_id: i.external_id, workspace_id: ws })
      }
      case 'connections': {
        const c = item as unknown as Connection
        return repo.insertConnection({
          ...pick(c),
          workspace_id: ws,
          status_reason: c.status_reason,
          scopes: JSON.stringify(c.scopes ?? []),
          last_refreshed_at: c.last_refreshed_at,
        })
      }
      case 'events': {
        const e = item as unknown as Event
        const row = {
          id: e.id,
          type: e.type,
          provider: e.provider,
          tenant_id: e.tenant_id,
          connection_id: e.connection_id,
          installation_id: e.installation_id,
          provider_event_type: e.provider_event_type ?? null,
          signature: e.signature,
          data: e.data ? JSON.stringify(e.data) : null,
          created_at: e.created_at,
        }
        return events.importUpstream(ws, row) !== undefined
      }
    }
  }

  return {
    /** Runs one pull; resolves with a summary (complete: false and error when the upstream failed). */
    async pull(options: PullOptions): Promise<PullSummary> {
      const upstream = upstreamName(options.baseUrl)
      const ws = options.workspaceId
      const source = deps.openUpstream({ baseUrl: upstream, apiKey: options.apiKey, client: options.client })
      const summary: PullSummary = {
        upstream,
        resources: Object.fromEntries(
          SYNC_RESOURCES.map((r) => [r, { added: 0, skipped: 0 }]),
        ) as PullSummary['resources'],
        notes: [],
        complete: false,
      }
      for (const resource of SYNC_RESOURCES) {
        const counts = summary.resources[resource]
        const mark = repo.watermark(ws, upstream, resource)
        const filter = {
          ...(resource === 'providers' && { custom: { eq: true } }),
          ...(mark && { created_at: { gte: mark.at } }),
        }
        const request = {
          sort: [
            { field: 'created_at', direction: 'asc' as const },
            { field: 'id', direction: 'asc' as const },
          ],
          limit: options.pageSize ?? 200,
          ...(Object.keys(filter).length > 0 && { filter }),
        }
        try {
          for await (const { data: items } of source.pages(resource, request)) {
            inTransaction(db, () => {
              const now = isoAt(clock.now())
              for (const item of items) {
                if (!seenBefore(item, mark) && store(ws, resource, item, summary.notes)) {
                  counts.added++
                  repo.markOrigin(ws, resource, item.id, upstream, now)
                } else counts.skipped++
              }
              const last = items.at(-1)
              if (last) repo.setWatermark(ws, upstream, resource, { at: last.created_at, id: last.id }, now)
            })
            options.onProgress?.({ resource, ...counts, done: false })
          }
        } catch (err) {
          if (err instanceof AppError) throw err
          summary.error = `Pulling ${resource} from ${upstream} failed: ${(err as Error).message}. What was copied so far is kept; run the pull again to resume.`
          return summary
        }
        options.onProgress?.({ resource, ...counts, done: true })
      }
      summary.complete = true
      return summary
    },
  }
}

const pick = <T extends Installation | Connection>(r: T) => ({
  id: r.id,
  provider: r.provider,
  provider_config_id: r.provider_config_id,
  tenant_id: r.tenant_id,
  mode: r.mode,
  status: r.status,
  created_at: r.created_at,
  updated_at: r.updated_at,
})
