import Stripe from 'stripe'
import type { RunningServer } from '../../src/server/index.js'
import { firstSecretKey } from '../helpers/server.js'

/**
 * The official SDK, unchanged, as the README shows it: it has no base-path option, so its
 * documented `httpClient` sends each `/v1/…` request to `<gateway>/proxy/{connection_id}/v1/…`.
 */
export function stripeThroughGateway(
  server: RunningServer,
  connectionId: string,
  key = firstSecretKey(server),
) {
  return new Stripe(key, {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient((url, init) => {
      const { pathname, search } = new URL(String(url))
      return fetch(`${server.url}/proxy/${connectionId}${pathname}${search}`, init)
    }),
  })
}

/** The SDK's error for a call that must fail. */
export const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (err: InstanceType<typeof Stripe.errors.StripeError>) => err,
  )
