import type { SearchRequest } from '../search/search.schema.js'
import type { SyncResource } from './sync.repo.js'

/** One item of an upstream search page: the whole resource as the upstream's API answers it. */
export type UpstreamItem = Record<string, unknown> & { id: string; created_at: string }

/** What a pull needs of the upstream Switchyard: each resource's search, walked page by page. */
export interface Upstream {
  /** Every page of the resource's search (whole items), by cursor; rejects when the upstream fails. */
  pages(
    resource: SyncResource,
    request: Omit<SearchRequest, 'fields'>,
  ): AsyncIterable<{ data: UpstreamItem[] }>
}

/**
 * Transport options of the upstream client, passed through as given (tests pass a fetch, a sleep
 * and short backoffs); what they mean is the adapter's business.
 */
export type UpstreamClientOptions = Record<string, unknown>

/** Opens the upstream at `baseUrl` with one of its secret keys, for one pull. */
export type OpenUpstream = (options: {
  baseUrl: string
  apiKey: string
  client?: UpstreamClientOptions
}) => Upstream
