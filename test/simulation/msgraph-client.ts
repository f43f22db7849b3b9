import { Client, GraphError } from '@microsoft/microsoft-graph-client'
import type { RunningServer } from '../../src/server/index.js'
import { firstSecretKey } from '../helpers/server.js'

/**
 * The official SDK as the README shows it: `baseUrl` is the connection's proxy URL (the SDK adds
 * `/v1.0/…`) and the secret key is the token. The SDK's auth middleware attaches the token only to
 * `https://` Graph (or custom) hosts and deletes an `Authorization` header on any other, so over the
 * gateway's plain HTTP the key rides in `fetchOptions` as `authorization` (header names are
 * case-insensitive; the SDK deletes only its own spelling).
 */
export function graphThroughGateway(
  server: RunningServer,
  connectionId: string,
  key = firstSecretKey(server),
) {
  return Client.init({
    authProvider: (done) => done(null, key),
    baseUrl: `${server.url}/proxy/${connectionId}`,
    defaultVersion: 'v1.0',
    fetchOptions: { headers: { authorization: `Bearer ${key}` } },
  })
}

/** The SDK's GraphError for a call that must fail. */
export const graphFailure = (p: Promise<unknown>): Promise<GraphError> =>
  p.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (err: unknown) => {
      if (!(err instanceof GraphError)) throw err
      return err
    },
  )
