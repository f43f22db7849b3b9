export type { CallInput, SwitchyardOptions } from './client.js'
export { DEFAULT_BASE_URL, SwitchyardClient } from './client.js'
export type { FieldError, SwitchyardErrorCode } from './errors.js'
export { SwitchyardError } from './errors.js'
export type { BodyOf, OperationId, QueryOf, ResultOf } from './operations.js'
export type { RetryPolicy } from './retry.js'
export { DEFAULT_RETRY, parseRetryAfter, retryDelayMs } from './retry.js'
export type {
  Fields,
  SearchField,
  SearchItem,
  SearchItems,
  SearchOperation,
  SearchPage,
  SearchRequest,
  SearchRequestOf,
} from './switchyard.js'
export { Switchyard } from './switchyard.js'
export type { FetchLike, RawBody } from './transport.js'
export type * from './types.js'
