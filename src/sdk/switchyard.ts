import type { components } from './api-types.js'
import { type BodyOf, type QueryOf, type RawBody, type ResultOf, SwitchyardClient } from './client.js'

type Schemas = components['schemas']

/**
 * The whole item of each search operation. The OpenAPI document declares search items with every
 * field optional, because `fields` may leave any out; without `fields` every field is there, so the
 * SDK types pages by these instead.
 */
export interface SearchItems {
  searchProviders: Schemas['Provider']
  searchProviderConfigs: Schemas['ProviderConfig']
  searchInstallations: Schemas['Installation']
  searchConnections: Schemas['Connection']
  searchEvents: Schemas['Event']
  searchDeliveries: Schemas['Delivery']
  searchWebhookEndpoints: Schemas['WebhookEndpoint']
  listApiKeys: Schemas['ApiKey']
  searchRecordings: Schemas['RecordingSummary']
  searchMockRoutes: Schemas['MockRoute']
}
/** The search operations: each takes the shared search request and answers one page. */
export type SearchOperation = keyof SearchItems
/** The field names of a search operation's items (what `fields` may list). */
export type SearchField<K extends SearchOperation> = keyof SearchItems[K] & string
/** The fields a search asks for: `undefined` (all of them) or a list of field names. */
export type Fields<K extends SearchOperation> = readonly SearchField<K>[] | undefined

/**
 * Fields only known at run time, as in a request typed `SearchRequest`: items may lack any field.
 * Each search method takes such a request too (its second signature), with partial items.
 */
export type AnyFields<K extends SearchOperation> = readonly SearchField<K>[]
/**
 * A request built elsewhere and typed `SearchRequest`, whose `fields` (if any) are plain strings.
 * An object literal with `fields` does not match it, so a misspelt field name is still caught.
 */
export type LooseSearchRequest = Omit<SearchRequest, 'fields'>

/** The shared search request body (SERVICE-SPEC 4.2); every field is optional. */
export type SearchRequest = NonNullable<BodyOf<'searchEvents'>>
/** A search request of one operation: `fields` names that operation's item fields. */
export type SearchRequestOf<K extends SearchOperation, F extends Fields<K> = undefined> = Omit<
  SearchRequest,
  'fields'
> & { fields?: F }

/** The fields every search item carries, whatever `fields` selects. */
type AlwaysSelected = 'id' | 'created_at'

/**
 * One item of a search operation's pages: the whole item without `fields`; with a literal list of
 * fields, those (`Pick`); with a list whose length is known only at run time, any of them
 * (`Partial<Pick>`). `id` and `created_at` come either way.
 */
export type SearchItem<K extends SearchOperation, F extends Fields<K> = undefined> = [F] extends [undefined]
  ? SearchItems[K]
  : number extends NonNullable<F>['length']
    ? Partial<Pick<SearchItems[K], NonNullable<F>[number]>> & Pick<SearchItems[K], AlwaysSelected>
    : Pick<SearchItems[K], NonNullable<F>[number] | AlwaysSelected>
/** One page of a search operation. */
export interface SearchPage<K extends SearchOperation, F extends Fields<K> = undefined> {
  data: SearchItem<K, F>[]
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
  listApiKeys<const F extends Fields<'listApiKeys'> = undefined>(
    request?: SearchRequestOf<'listApiKeys', F>,
  ): Promise<SearchPage<'listApiKeys', F>>
  listApiKeys(request: LooseSearchRequest): Promise<SearchPage<'listApiKeys', AnyFields<'listApiKeys'>>>
  listApiKeys(request: SearchRequest = {}) {
    return this.search('listApiKeys', request)
  }
  /** Revokes a key at once and for good; revoking twice is fine (DELETEs resolve with nothing: 204). */
  async revokeApiKey(keyId: string): Promise<void> {
    await this.call('revokeApiKey', id(keyId))
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
  searchProviders<const F extends Fields<'searchProviders'> = undefined>(
    request?: SearchRequestOf<'searchProviders', F>,
  ): Promise<SearchPage<'searchProviders', F>>
  searchProviders(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchProviders', AnyFields<'searchProviders'>>>
  searchProviders(request: SearchRequest = {}) {
    return this.search('searchProviders', request)
  }
  searchProviderConfigs<const F extends Fields<'searchProviderConfigs'> = undefined>(
    request?: SearchRequestOf<'searchProviderConfigs', F>,
  ): Promise<SearchPage<'searchProviderConfigs', F>>
  searchProviderConfigs(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchProviderConfigs', AnyFields<'searchProviderConfigs'>>>
  searchProviderConfigs(request: SearchRequest = {}) {
    return this.search('searchProviderConfigs', request)
  }
  searchInstallations<const F extends Fields<'searchInstallations'> = undefined>(
    request?: SearchRequestOf<'searchInstallations', F>,
  ): Promise<SearchPage<'searchInstallations', F>>
  searchInstallations(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchInstallations', AnyFields<'searchInstallations'>>>
  searchInstallations(request: SearchRequest = {}) {
    return this.search('searchInstallations', request)
  }
  searchConnections<const F extends Fields<'searchConnections'> = undefined>(
    request?: SearchRequestOf<'searchConnections', F>,
  ): Promise<SearchPage<'searchConnections', F>>
  searchConnections(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchConnections', AnyFields<'searchConnections'>>>
  searchConnections(request: SearchRequest = {}) {
    return this.search('searchConnections', request)
  }
  searchEvents<const F extends Fields<'searchEvents'> = undefined>(
    request?: SearchRequestOf<'searchEvents', F>,
  ): Promise<SearchPage<'searchEvents', F>>
  searchEvents(request: LooseSearchRequest): Promise<SearchPage<'searchEvents', AnyFields<'searchEvents'>>>
  searchEvents(request: SearchRequest = {}) {
    return this.search('searchEvents', request)
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
  async deleteProvider(providerId: string): Promise<void> {
    await this.call('deleteProvider', id(providerId))
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
  async deleteProviderConfig(configId: string): Promise<void> {
    await this.call('deleteProviderConfig', id(configId))
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
  /** Revokes the connection, permanently; revoking twice is fine. */
  async revokeConnection(connectionId: string): Promise<void> {
    await this.call('revokeConnection', id(connectionId))
  }
  /**
   * The connection's access token, expiry and scopes; refreshed first when it expires within 60 s
   * (`forceRefresh` refreshes regardless). 409 `needs_reauth` / `connection_revoked` when unusable.
   */
  getConnectionCredentials(
    connectionId: string,
    options: { forceRefresh?: boolean } = {},
  ): Promise<ResultOf<'getConnectionCredentials'>> {
    return this.call('getConnectionCredentials', {
      ...id(connectionId),
      query: options.forceRefresh ? { force_refresh: true } : {},
    })
  }

  /**
   * Calls the provider's API through the gateway's proxy: `path` is under the provider's API base
   * URL (`/user/repos`, query string allowed). Answers the standard Response as the provider (or a
   * recording) gave it, never throwing for its status; `Switchyard-Proxy-Mode` says what answered.
   */
  proxy(connectionId: string, path: string, init: RequestInit = {}): Promise<Response> {
    const rest = path.startsWith('/') ? path : `/${path}`
    return this.fetchRaw(`/proxy/${encodeURIComponent(connectionId)}${rest}`, init)
  }

  getInstallation(installationId: string): Promise<ResultOf<'getInstallation'>> {
    return this.call('getInstallation', id(installationId))
  }
  /** Uninstalls, permanently; uninstalling twice is fine. */
  async revokeInstallation(installationId: string): Promise<void> {
    await this.call('revokeInstallation', id(installationId))
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
  /** The event types `triggerEvent` has samples for (all, or one provider's: `{ provider }`). */
  listTriggerTypes(query: QueryOf<'listTriggerTypes'> = {}): Promise<ResultOf<'listTriggerTypes'>> {
    return this.call('listTriggerTypes', { query })
  }
  /** Events as NDJSON (`format: 'ndjson'`, the default) or HAR 1.2 (captured webhooks). */
  exportEvents(query: QueryOf<'exportEvents'> = {}): Promise<RawBody> {
    return this.call('exportEvents', { query, raw: true }) as unknown as Promise<RawBody>
  }
  /** Records a forwarding attempt made outside the gateway (as `switchyard listen` does). */
  recordDelivery(eventId: string, body: BodyOf<'recordDelivery'>): Promise<ResultOf<'recordDelivery'>> {
    return this.call('recordDelivery', { ...id(eventId), body })
  }
  searchDeliveries<const F extends Fields<'searchDeliveries'> = undefined>(
    request?: SearchRequestOf<'searchDeliveries', F>,
  ): Promise<SearchPage<'searchDeliveries', F>>
  searchDeliveries(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchDeliveries', AnyFields<'searchDeliveries'>>>
  searchDeliveries(request: SearchRequest = {}) {
    return this.search('searchDeliveries', request)
  }

  // Outbound webhook endpoints (the gateway's own events, Standard Webhooks signed)
  createWebhookEndpoint(body: BodyOf<'createWebhookEndpoint'>): Promise<ResultOf<'createWebhookEndpoint'>> {
    return this.call('createWebhookEndpoint', { body })
  }
  searchWebhookEndpoints<const F extends Fields<'searchWebhookEndpoints'> = undefined>(
    request?: SearchRequestOf<'searchWebhookEndpoints', F>,
  ): Promise<SearchPage<'searchWebhookEndpoints', F>>
  searchWebhookEndpoints(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchWebhookEndpoints', AnyFields<'searchWebhookEndpoints'>>>
  searchWebhookEndpoints(request: SearchRequest = {}) {
    return this.search('searchWebhookEndpoints', request)
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
  async deleteWebhookEndpoint(endpointId: string): Promise<void> {
    await this.call('deleteWebhookEndpoint', id(endpointId))
  }

  // Simulated connections: the account and its faults
  /** A simulated connection's account as the dashboard shows it: its data, example calls and faults. */
  getSimulation(connectionId: string): Promise<ResultOf<'getSimulation'>> {
    return this.call('getSimulation', id(connectionId))
  }
  /** Makes the simulated provider misbehave for this connection (expired token, rate limit, …). */
  addFault(connectionId: string, fault: BodyOf<'addFault'>): Promise<ResultOf<'addFault'>> {
    return this.call('addFault', { ...id(connectionId), body: fault })
  }
  /** The faults injected since the last clear, with the calls each still affects. */
  listFaults(connectionId: string): Promise<ResultOf<'listFaults'>> {
    return this.call('listFaults', id(connectionId))
  }
  async clearFaults(connectionId: string): Promise<void> {
    await this.call('clearFaults', id(connectionId))
  }

  // Recordings of proxied exchanges, and cassettes
  searchRecordings<const F extends Fields<'searchRecordings'> = undefined>(
    request?: SearchRequestOf<'searchRecordings', F>,
  ): Promise<SearchPage<'searchRecordings', F>>
  searchRecordings(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchRecordings', AnyFields<'searchRecordings'>>>
  searchRecordings(request: SearchRequest = {}) {
    return this.search('searchRecordings', request)
  }
  /** A recording with its request and response, bodies included. */
  getRecording(recordingId: string): Promise<ResultOf<'getRecording'>> {
    return this.call('getRecording', id(recordingId))
  }
  async deleteRecording(recordingId: string): Promise<void> {
    await this.call('deleteRecording', id(recordingId))
  }
  /** The recordings (of one provider, or all) as a cassette. */
  exportRecordings(query: QueryOf<'exportRecordings'> = {}): Promise<ResultOf<'exportRecordings'>> {
    return this.call('exportRecordings', { query })
  }
  /** Loads a cassette; exchanges already stored are skipped. */
  importRecordings(cassette: BodyOf<'importRecordings'>): Promise<ResultOf<'importRecordings'>> {
    return this.call('importRecordings', { body: cassette })
  }

  // Mock routes: declarative answers for a provider's API, before the simulation and recordings
  /** Declares how the proxy answers a method and path pattern of a provider's API. */
  createMockRoute(body: BodyOf<'createMockRoute'>): Promise<ResultOf<'createMockRoute'>> {
    return this.call('createMockRoute', { body })
  }
  /** The workspace's mock routes, or one provider's. */
  listMockRoutes(query: QueryOf<'listMockRoutes'> = {}): Promise<ResultOf<'listMockRoutes'>> {
    return this.call('listMockRoutes', { query })
  }
  searchMockRoutes<const F extends Fields<'searchMockRoutes'> = undefined>(
    request?: SearchRequestOf<'searchMockRoutes', F>,
  ): Promise<SearchPage<'searchMockRoutes', F>>
  searchMockRoutes(
    request: LooseSearchRequest,
  ): Promise<SearchPage<'searchMockRoutes', AnyFields<'searchMockRoutes'>>>
  searchMockRoutes(request: SearchRequest = {}) {
    return this.search('searchMockRoutes', request)
  }
  getMockRoute(mockRouteId: string): Promise<ResultOf<'getMockRoute'>> {
    return this.call('getMockRoute', id(mockRouteId))
  }
  /** Changes the fields given; `enabled: false` disables the route without deleting it. */
  updateMockRoute(
    mockRouteId: string,
    body: BodyOf<'updateMockRoute'>,
  ): Promise<ResultOf<'updateMockRoute'>> {
    return this.call('updateMockRoute', { ...id(mockRouteId), body })
  }
  async deleteMockRoute(mockRouteId: string): Promise<void> {
    await this.call('deleteMockRoute', id(mockRouteId))
  }

  // OpenAPI documents: a stateful simulation of any provider, and the validating proxy
  /**
   * Attaches (or replaces) a provider's OpenAPI 3.0/3.1 document: an object (sent as JSON), or the
   * text of a JSON or YAML file (its content type guessed from its first character unless given).
   */
  putProviderOpenApi(
    providerId: string,
    document: string | Record<string, unknown>,
    contentType?: 'application/json' | 'application/yaml',
  ): Promise<ResultOf<'putProviderOpenApi'>> {
    const text = typeof document === 'string' ? document : JSON.stringify(document)
    const type = contentType ?? (text.trimStart().startsWith('{') ? 'application/json' : 'application/yaml')
    return this.call('putProviderOpenApi', {
      path: { provider_id: providerId },
      body: text,
      contentType: type,
    })
  }
  /** The provider's document exactly as uploaded, with its content type. */
  getProviderOpenApi(providerId: string): Promise<RawBody> {
    return this.call('getProviderOpenApi', {
      path: { provider_id: providerId },
      raw: true,
    }) as unknown as Promise<RawBody>
  }
  async deleteProviderOpenApi(providerId: string): Promise<void> {
    await this.call('deleteProviderOpenApi', { path: { provider_id: providerId } })
  }

  /** Deletes the workspace's data, keeping the workspace and its API keys; then applies `body.fixtures`, if given. */
  resetWorkspace(body?: BodyOf<'resetWorkspace'>): Promise<ResultOf<'resetWorkspace'>> {
    return this.call('resetWorkspace', body === undefined ? {} : { body })
  }

  /** One page of any search operation, typed by its whole item (or the `fields` asked for). */
  private search<Page = never>(
    operation: SearchOperation,
    request: Omit<SearchRequest, 'fields'> & { fields?: readonly string[] | undefined },
  ): Promise<Page> {
    // The body is the request as sent; each public signature states what its pages hold.
    return this.call(operation, { body: request as SearchRequest }) as Promise<Page>
  }

  /**
   * Walks every page of a search by cursor, yielding the pages. Starts at `request.cursor` when
   * given; `offset` cannot be combined with a cursor walk.
   */
  async *pages<K extends SearchOperation, const F extends Fields<K> = undefined>(
    operation: K,
    request: SearchRequestOf<K, F> = {},
  ): AsyncGenerator<SearchPage<K, F>> {
    if (request.offset !== undefined) {
      throw new TypeError('pages() and iterate() walk by cursor: leave out offset.')
    }
    let next: SearchRequestOf<K, F> = request
    for (;;) {
      const page = await this.search<SearchPage<K, F>>(operation, next)
      yield page
      if (!page.has_more || !page.next_cursor) return
      next = { ...request, cursor: page.next_cursor }
    }
  }

  /** Walks every page of a search by cursor, yielding the items one by one. */
  async *iterate<K extends SearchOperation, const F extends Fields<K> = undefined>(
    operation: K,
    request: SearchRequestOf<K, F> = {},
  ): AsyncGenerator<SearchItem<K, F>> {
    for await (const page of this.pages(operation, request)) yield* page.data
  }
}
