import Stripe from 'stripe'
import type { RunningServer } from '../../src/server/index.js'
import { firstSecretKey } from '../helpers/server.js'

/**
 * The official SDK, unchanged: its host, port and protocol point at the gateway, and its documented
 * `httpClient` option puts `/proxy/{connection_id}` before the `/v1/…` paths it sends (it has no
 * base-path option of its own).
 */
class ProxyPathClient extends Stripe.HttpClient {
  private readonly inner = Stripe.createNodeHttpClient()
  constructor(private readonly prefix: string) {
    super()
  }
  override getClientName() {
    return 'switchyard-proxy'
  }
  override makeRequest(...args: Parameters<Stripe.HttpClient['makeRequest']>) {
    const [host, port, path, ...rest] = args
    return this.inner.makeRequest(host, port, `${this.prefix}${path}`, ...rest)
  }
}

export function stripeThroughGateway(server: RunningServer, connectionId: string, key = firstSecretKey(server)) {
  const url = new URL(server.url)
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    httpClient: new ProxyPathClient(`/proxy/${connectionId}`),
    maxNetworkRetries: 0,
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
