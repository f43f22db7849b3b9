import { auth, calendar, type calendar_v3 } from '@googleapis/calendar'
import type { RunningServer } from '../../src/server/index.js'

/**
 * The official SDK, unchanged, as the README shows it: the Switchyard secret key is the OAuth
 * access token, and its documented `fetchImplementation` option sends each `/calendar/v3/…`
 * request to `<gateway>/proxy/{connection_id}/calendar/v3/…` (a global `rootUrl` keeps only its
 * origin: googleapis-common resolves the API's absolute path against it). `retry: false` where a
 * test wants to see the error the SDK's own retry would hide.
 */
export function calendarThroughGateway(
  server: RunningServer,
  connectionId: string,
  key: string,
  options: { retry?: boolean } = {},
): calendar_v3.Calendar {
  const oauth = new auth.OAuth2()
  oauth.setCredentials({ access_token: key })
  return calendar({
    version: 'v3',
    auth: oauth,
    fetchImplementation: (url, init) => {
      const { pathname, search } = new URL(String(url))
      return fetch(`${server.url}/proxy/${connectionId}${pathname}${search}`, init)
    },
    ...(options.retry === false && { retry: false }),
  })
}

/** What the SDK raises for a refused call: its HTTP status and Google's error body. */
export interface GoogleFailure {
  status: number
  headers: Headers
  message: string
  error: { code: number; message: string; status: string; errors: Array<Record<string, string>> }
}

export const failure = (p: Promise<unknown>): Promise<GoogleFailure> =>
  p.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (err: {
      status: number
      message: string
      response?: { headers: Headers; data?: { error?: GoogleFailure['error'] } }
    }) => ({
      status: err.status,
      headers: err.response?.headers ?? new Headers(),
      message: err.message,
      error: err.response?.data?.error as GoogleFailure['error'],
    }),
  )
