import type { Agent } from 'node:http'
import { Readable } from 'node:stream'
import type { CredentialsService } from '../connections/credentials.js'
import type { Answerer, ProxyAnswer } from './answerer.js'
import { forwardedRequestHeaders, forwardedResponseHeaders, NO_BODY_STATUSES } from './headers.js'
import { redactRequestHeaders } from './redact.js'
import { readSmallBody } from './small-body.js'
import { sendUpstream } from './upstream.js'

/** Where a real connection's calls go: its API base URL, and the header its token travels in. */
export interface UpstreamTarget {
  baseUrl: string
  /** The provider's own token header; absent: `Authorization: Bearer`. */
  tokenHeader?: string | undefined
}

/**
 * The provider itself, as an answerer: forwards the call to `{api_base_url}{path}` with the
 * connection's token (one refresh and retry on a provider 401 when there is a refresh token), and
 * answers with the provider's status, headers (hop-by-hop removed) and body as it arrives.
 */
export function createLiveAnswerer(deps: {
  credentials: Pick<CredentialsService, 'usable'>
  targetOf: (call: Parameters<Answerer['answer']>[0]) => UpstreamTarget
  /** The kept-alive connection pool for a provider URL (upstream-agent.ts). */
  agentFor?: (url: URL) => Agent
}): Answerer {
  return {
    name: 'provider',
    async answer(call): Promise<ProxyAnswer> {
      const { baseUrl, tokenHeader } = deps.targetOf(call)
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}${call.path}${call.query ? `?${call.query}` : ''}`)
      const forwarded = forwardedRequestHeaders(call.headers).filter(
        ([name]) => !tokenHeader || name.toLowerCase() !== tokenHeader.toLowerCase(),
      )
      const send = async (forceRefresh: boolean) => {
        const secrets = await deps.credentials.usable(call.workspaceId, call.connection.id, {
          origin: call.origin,
          forceRefresh,
        })
        const token = secrets.access_token ?? ''
        const headers: Array<[string, string]> = [
          ...forwarded,
          tokenHeader ? [tokenHeader, token] : ['Authorization', `Bearer ${token}`],
        ]
        const response = await sendUpstream({
          url,
          method: call.method,
          headers,
          body: call.body,
          ...(deps.agentFor && { agent: deps.agentFor(url) }),
        })
        return { response, headers, hasRefresh: secrets.has_refresh_token }
      }
      let sent = await send(false)
      if (sent.response.status === 401 && sent.hasRefresh) {
        sent.response.body.resume()
        sent = await send(true)
      }
      const { response } = sent
      const noBody = NO_BODY_STATUSES.has(response.status) || call.method === 'HEAD'
      if (noBody) response.body.resume()
      const small = noBody ? undefined : readSmallBody(response.body, response.headers)
      return {
        status: response.status,
        headers: forwardedResponseHeaders(response.headers),
        // Readable.toWeb applies backpressure (bytes against the stream's high-water mark): a slow
        // client holds the provider back instead of filling the gateway's memory.
        body: noBody
          ? null
          : small
            ? await small
            : (Readable.toWeb(response.body) as ReadableStream<Uint8Array>),
        mode: 'live',
        sentHeaders: redactRequestHeaders(
          sent.headers,
          new Set(tokenHeader ? [tokenHeader.toLowerCase()] : []),
        ),
      }
    },
  }
}
