import type { FixturesInput } from '../core/fixtures/fixtures.schema.js'
import type { ResultOf, SearchRequest, Switchyard } from '../sdk/index.js'

export type { FixturesInput }

export interface StartSwitchyardOptions {
  /** A fixtures document, or the path of a fixtures JSON file, applied before the first request. */
  fixtures?: FixturesInput | string
  /** Port on 127.0.0.1; default 0 (a free one). */
  port?: number
  /** Data folder to use (kept by stop()); default: a fresh temporary folder, removed by stop(). */
  dataDir?: string
}

export interface RunningSwitchyard {
  /** Base URL, e.g. `http://127.0.0.1:51234`. */
  url: string
  /** A secret key of workspace `default`: the fixtures' first one if they declare one. */
  secretKey: string
  /** A publishable key of workspace `default`: the fixtures' first one if they declare one. */
  publishableKey: string
  /** The data folder's admin token (the dashboard's credential: open `${url}/?token=${adminToken}`). */
  adminToken: string
  /** An SDK client with `secretKey`. */
  client: Switchyard
  /** Deletes the data of `default` and every workspace the fixtures declare, then applies them again. */
  reset(): Promise<void>
  /**
   * Resolves the first event of workspace `default` matching `filter` (the filter of searchEvents)
   * committed after this call (or after the event `options.after`); throws SwitchyardError
   * `wait_timeout` after `options.timeoutMs` (default 30000). It starts listening before it
   * returns, so whatever the test triggers next is seen.
   */
  waitForEvent(
    filter?: SearchRequest['filter'],
    options?: { timeoutMs?: number; after?: string },
  ): Promise<ResultOf<'waitForEvent'>>
  /** Closes the server and the database, and removes the temporary data folder. */
  stop(): Promise<void>
}
