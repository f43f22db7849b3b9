import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'

/**
 * The proxy's own connection pools to providers, kept alive between calls: a live call then reuses
 * a warm TCP (and TLS) connection instead of opening one, which on a local provider costs as much
 * as the rest of the call. One pair per core (not Node's global agents), so an embedding process
 * changing those alters nothing here, and `close()` on core close ends exactly these sockets.
 *
 * Constraints: an idle connection is dropped after FREE_SOCKET_MS, under the 5 s idle timeout most
 * servers (Node's included) apply, so a call rarely lands on a connection the provider is closing;
 * Node also honours a provider's `Keep-Alive: timeout=…`. At most MAX_SOCKETS open per provider
 * host (further calls wait for one), MAX_FREE_SOCKETS of them kept idle; `lifo` reuses the most
 * recent socket so the pool shrinks back after a burst.
 */
const FREE_SOCKET_MS = 4_000
const MAX_SOCKETS = 256
const MAX_FREE_SOCKETS = 64

export function createUpstreamAgents() {
  const options = {
    keepAlive: true,
    timeout: FREE_SOCKET_MS,
    scheduling: 'lifo' as const,
    maxSockets: MAX_SOCKETS,
    maxFreeSockets: MAX_FREE_SOCKETS,
  }
  const http = new HttpAgent(options)
  const https = new HttpsAgent(options)
  return {
    /** The agent for a provider URL's protocol. */
    agentFor: (url: URL): HttpAgent => (url.protocol === 'https:' ? https : http),
    /** Closes every kept-alive connection (calls still in flight are cut). */
    close(): void {
      http.destroy()
      https.destroy()
    },
  }
}
export type UpstreamAgents = ReturnType<typeof createUpstreamAgents>
