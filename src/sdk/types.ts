import type { components, operations, paths } from './api-types.js'
import type { BodyOf, ResultOf } from './operations.js'
import type { Fields, SearchItem, SearchOperation } from './switchyard.js'

// The API's resources as the SDK returns them, all derived from the server's schemas (api-types.ts).

export type { components, operations, paths }

/** An RFC 9457 problem document, as every error response carries. */
export type Problem = components['schemas']['Problem']

export type AuthSession = ResultOf<'createAuthSession'>
export type CreateAuthSession = BodyOf<'createAuthSession'>
export type InstallSession = ResultOf<'createInstallSession'>
export type CreateInstallSession = BodyOf<'createInstallSession'>

export type ApiKey = components['schemas']['ApiKey']
export type CreatedApiKey = ResultOf<'createApiKey'>
export type CreateApiKey = BodyOf<'createApiKey'>

export type Provider = ResultOf<'getProvider'>
export type CreateProvider = BodyOf<'createProvider'>
export type UpdateProvider = BodyOf<'updateProvider'>
export type ProviderCategory = ResultOf<'listProviderCategories'>['data'][number]
export type ProviderConfig = ResultOf<'getProviderConfig'>
export type CreateProviderConfig = BodyOf<'createProviderConfig'>
export type UpdateProviderConfig = BodyOf<'updateProviderConfig'>

export type Connection = ResultOf<'getConnection'>
export type Installation = ResultOf<'getInstallation'>
export type Event = ResultOf<'getEvent'>
export type Delivery = ResultOf<'replayEvent'>
export type WebhookEndpoint = ResultOf<'getWebhookEndpoint'>
export type CreateWebhookEndpoint = BodyOf<'createWebhookEndpoint'>
/** One item of a search page (only the `fields` asked for, when `fields` is sent). */
export type SearchResult<K extends SearchOperation, F extends Fields<K> = undefined> = SearchItem<K, F>

/** One page of a search: the envelope every search operation answers. */
export type Page<T> = { data: T[]; has_more: boolean; next_cursor?: string; limit: number }
