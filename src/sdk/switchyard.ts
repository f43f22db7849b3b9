import { type BodyOf, type QueryOf, type RawBody, type ResultOf, SwitchyardClient } from './client.js'

/** The search operations: each takes the shared search request and answers one page. */
export type SearchOperation =
  | 'searchProviders'
  | 'searchProviderConfigs'
  | 'searchInstallations'
  | 'searchConnections'
  | 'searchEvents'
  | 'searchDeliveries'
  | 'searchWebhookEndpoints'
  | 'listApiKeys'

/** The shared search request body (SERVICE-SPEC 4.2); every field is optional. */
export type SearchRequest = NonNullable<BodyOf<'searchEvents'>>
/** One item of a search operation's pages. */
export type SearchItem<K extends SearchOperation> = ResultOf<K> extends { data: Array<infer T> } ? T : never
/** One page of a search operation. */
export interface SearchPage<K extends SearchOperation> {
  data: SearchItem<K>[]
  has_more: boolean
  next_cursor?: string | undefined
  limit: number
}

const id = (value: string) => ({ path: { id: value } })

/**
 * The Switchyard API client: one method per operation, named by its operationId. Every method
 * resolves with the response body and throws SwitchyardError on failure; rate-limited calls are
 * retried by themselves (see SwitchyardOptions).
 */
export class Switchyard extends SwitchyardClient {
  // Sessions (a publishable key is enough)
  /** Starts an OAuth connect flow for a tenant: open the returned `url` in a browser. */
  createAuthSession(body: BodyOf<'createAuthSession'>): Promise<ResultOf<'createAuthSession'>> {
    return this.call('createAuthSession', { body })
  }
  /** Starts an app-install flow for a tenant: open the returned `url` in a browser. */
  createInstallSession(body: BodyOf<'createInstallSession'>): Promise<ResultOf<'createInstallSession'>> {
    return this.call('createInstallSession', { body })
  }

  // API keys
  /** Creates a key; the full `key` is in this response only. */
  createApiKey(body: BodyOf<'createApiKey'>): Promise<ResultOf<'createApiKey'>> {
    return this.call('createApiKey', { body })
  }
  /** Lists the workspace's keys (metadata only), one page. */
  listApiKeys(request: SearchRequest = {}): Promise<ResultOf<'listApiKeys'>> {
    return this.call('listApiKeys', { body: request })
  }
  /** Revokes a key at once and for good; revoking twice is fine. */
  revokeApiKey(keyId: string): Promise<ResultOf<'revokeApiKey'>> {
    return this.call('revokeApiKey', id(keyId))
  }

  // Workspace settings
  /** The key's workspace with its `allowed_redirect_origins`. */
  getWorkspace(): Promise<ResultOf<'getWorkspace'>> {
    return this.call('getWorkspace')
  }
  /** Replaces `allowed_redirect_origins`: where a session's `redirect_url` may point besides loopback. */
  updateWorkspace(body: BodyOf<'updateWorkspace'>): Promise<ResultOf<'updateWorkspace'>> {
    return this.call('updateWorkspace', { body })
  }

  // Search: one page each; see iterate() to walk every page
  searchProviders(request: SearchRequest = {}): Promise<ResultOf<'searchProviders'>> {
    return this.call('searchProviders', { body: request })
  }
  searchProviderConfigs(request: SearchRequest = {}): Promise<ResultOf<'searchProviderConfigs'>> {
    return this.call('searchProviderConfigs', { body: request })
  }
  searchInstallations(request: SearchRequest = {}): Promise<ResultOf<'searchInstallations'>> {
    return this.call('searchInstallations', { body: request })
  }
  searchConnections(request: SearchRequest = {}): Promise<ResultOf<'searchConnections'>> {
    return this.call('searchConnections', { body: request })
  }
  searchEvents(request: SearchRequest = {}): Promise<ResultOf<'searchEvents'>> {
    return this.call('searchEvents', { body: request })
  }

  // The public catalog (with a secret key, your custom providers too)
  /** Browses the catalog by page: `query`, `category`, `limit`, `cursor`. */
  browseProviders(query: QueryOf<'browseProviders'> = {}): Promise<ResultOf<'browseProviders'>> {
    return this.call('browseProviders', { query })
  }
  getProvider(providerId: string): Promise<ResultOf<'getProvider'>> {
    return this.call('getProvider', id(providerId))
  }
  listProviderCategories(): Promise<ResultOf<'listProviderCategories'>> {
    return this.call('listProviderCategories')
  }
  /** A provider's monogram logo (SVG bytes). */
  getProviderLogo(providerId: string): Promise<RawBody> {
    return this.call('getProviderLogo', { ...id(providerId), raw: true }) as unknown as Promise<RawBody>
  }

  // Custom providers (they join the catalog, for this workspace only)
  createProvider(body: BodyOf<'createProvider'>): Promise<ResultOf<'createProvider'>> {
    return this.call('createProvider', { body })
  }
  /** A provider by id, catalog or custom. */
  getCustomProvider(providerId: string): Promise<ResultOf<'getCustomProvider'>> {
    return this.call('getCustomProvider', id(providerId))
  }
  updateProvider(providerId: string, body: BodyOf<'updateProvider'>): Promise<ResultOf<'updateProvider'>> {
    return this.call('updateProvider', { ...id(providerId), body })
  }
  deleteProvider(providerId: string): Promise<ResultOf<'deleteProvider'>> {
    return this.call('deleteProvider', id(providerId))
  }

  // Provider configs
  createProviderConfig(body: BodyOf<'createProviderConfig'>): Promise<ResultOf<'createProviderConfig'>> {
    return this.call('createProviderConfig', { body })
  }
  getProviderConfig(configId: string): Promise<ResultOf<'getProviderConfig'>> {
    return this.call('getProviderConfig', id(configId))
  }
  /** Changes the fields sent; `null` clears one. */
  updateProviderConfig(
    configId: string,
    body: BodyOf<'updateProviderConfig'>,
  ): Promise<ResultOf<'updateProviderConfig'>> {
    return this.call('updateProviderConfig', { ...id(configId), body })
  }
  deleteProviderConfig(configId: string): Promise<ResultOf<'deleteProviderConfig'>> {
    return this.call('deleteProviderConfig', id(configId))
  }

  // Connections and installations
  getConnection(connectionId: string): Promise<ResultOf<'getConnection'>> {
    return this.call('getConnection', id(connectionId))
  }
  /** Refreshes the connection's tokens; a failed refresh leaves it `needs_reauth`. */
  refreshConnection(
    connectionId: string,
    query: QueryOf<'refreshConnection'> = {},
  ): Promise<ResultOf<'refreshConnection'>> {
    return this.call('refreshConnection', { ...id(connectionId), query })
  }
  /** Revokes the connection, permanently. */
  revokeConnection(connectionId: string): Promise<ResultOf<'revokeConnection'>> {
    return this.call('revokeConnection', id(connectionId))
  }
  getInstallation(installationId: string): Promise<ResultOf<'getInstallation'>> {
    return this.call('getInstallation', id(installationId))
  }
  /** Uninstalls, permanently. */
  revokeInstallation(installationId: string): Promise<ResultOf<'revokeInstallation'>> {
    return this.call('revokeInstallation', id(installationId))
  }

  // Events and deliveries
  /** An event, with its captured request and delivery attempts. */
  getEvent(eventId: string): Promise<ResultOf<'getEvent'>> {
    return this.call('getEvent', id(eventId))
  }
  /** The exact bytes of a captured webhook's body, with their original content type. */
  getEventBody(eventId: string): Promise<RawBody> {
    return this.call('getEventBody', { ...id(eventId), raw: true }) as unknown as Promise<RawBody>
  }
  /** Delivers a captured webhook again (to `url`, or the forwarding target). */
  replayEvent(eventId: string, body: BodyOf<'replayEvent'> = {}): Promise<ResultOf<'replayEvent'>> {
    return this.call('replayEvent', { ...id(eventId), body })
  }
  /**
   * Waits for the first event matching `filter` (the filter of searchEvents) that is committed
   * after the call (or after the event `options.after`), and resolves it; throws SwitchyardError
   * with code `wait_timeout` when none comes within `options.timeoutMs` (default and most 30000).
   */
  waitForEvent(
    filter: SearchRequest['filter'] = {},
    options: { timeoutMs?: number; after?: string } = {},
  ): Promise<ResultOf<'waitForEvent'>> {
    return this.call('waitForEvent', {
      body: {
        filter,
        timeout_ms: options.timeoutMs ?? 30_000,
        ...(options.after !== undefined && { after: options.after }),
      },
    })
  }
  /** Sends a realistic, signed sample webhook of a provider through the capture path. */
  triggerEvent(body: BodyOf<'triggerEvent'>): Promise<ResultOf<'triggerEvent'>> {
    return this.call('triggerEvent', { body })
  }
  /** Events as NDJSON (`format: 'ndjson'`, the default) or HAR 1.2 (captured webhooks). */
  exportEvents(query: QueryOf<'exportEvents'> = {}): Promise<RawBody> {
    return this.call('exportEvents', { query, raw: true }) as unknown as Promise<RawBody>
  }
  /** Records a forwarding attempt made outside the gateway (as `switchyard listen` does). */
  recordDelivery(eventId: string, body: BodyOf<'recordDelivery'>): Promise<ResultOf<'recordDelivery'>> {
    return this.call('recordDelivery', { ...id(eventId), body })
  }
  searchDeliveries(request: SearchRequest = {}): Promise<ResultOf<'searchDeliveries'>> {
    return this.call('searchDeliveries', { body: request })
  }

  // Outbound webhook endpoints (the gateway's own events, Standard Webhooks signed)
  createWebhookEndpoint(body: BodyOf<'createWebhookEndpoint'>): Promise<ResultOf<'createWebhookEndpoint'>> {
    return this.call('createWebhookEndpoint', { body })
  }
  searchWebhookEndpoints(request: SearchRequest = {}): Promise<ResultOf<'searchWebhookEndpoints'>> {
    return this.call('searchWebhookEndpoints', { body: request })
  }
  /** An endpoint with its signing secret. */
  getWebhookEndpoint(endpointId: string): Promise<ResultOf<'getWebhookEndpoint'>> {
    return this.call('getWebhookEndpoint', id(endpointId))
  }
  /** Changes an endpoint; `status: 'active'` re-enables one that was disabled. */
  updateWebhookEndpoint(
    endpointId: string,
    body: BodyOf<'updateWebhookEndpoint'>,
  ): Promise<ResultOf<'updateWebhookEndpoint'>> {
    return this.call('updateWebhookEndpoint', { ...id(endpointId), body })
  }
  deleteWebhookEndpoint(endpointId: string): Promise<ResultOf<'deleteWebhookEndpoint'>> {
    return this.call('deleteWebhookEndpoint', id(endpointId))
  }

  /** Deletes the workspace's data, keeping the workspace and its API keys; then applies `body.fixtures`, if given. */
  resetWorkspace(body?: BodyOf<'resetWorkspace'>): Promise<ResultOf<'resetWorkspace'>> {
    return this.call('resetWorkspace', body === undefined ? {} : { body })
  }

  /**
   * Walks every page of a search by cursor, yielding the pages. Starts at `request.cursor` when
   * given; `offset` cannot be combined with a cursor walk.
   */
  async *pages<K extends SearchOperation>(
    operation: K,
    request: SearchRequest = {},
  ): AsyncGenerator<SearchPage<K>> {
    if (request.offset !== undefined) {
      throw new TypeError('pages() and iterate() walk by cursor: leave out offset.')
    }
    let next: SearchRequest = request
    for (;;) {
      const page = (await this.call(operation, { body: next })) as unknown as SearchPage<K>
      yield page
      if (!page.has_more || !page.next_cursor) return
      next = { ...request, cursor: page.next_cursor }
    }
  }

  /** Walks every page of a search by cursor, yielding the items one by one. */
  async *iterate<K extends SearchOperation>(
    operation: K,
    request: SearchRequest = {},
  ): AsyncGenerator<SearchItem<K>> {
    for await (const page of this.pages(operation, request)) yield* page.data
  }
}
