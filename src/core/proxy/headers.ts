/** Hop-by-hop headers (RFC 9110 section 7.6.1), never forwarded in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Headers a `Connection` header names are hop-by-hop for that message too. */
const namedByConnection = (headers: ReadonlyArray<[string, string]>) =>
  new Set(
    headers
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((v) => v.trim().toLowerCase())),
  )

/**
 * The client's headers as the provider gets them: without hop-by-hop headers, `Host` (the
 * provider's own is set), `Authorization` (the gateway key; the connection's token replaces it),
 * `Content-Length` (recomputed from the exact body) and the gateway's own `Switchyard-*`.
 */
export function forwardedRequestHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  const extra = namedByConnection(headers)
  return headers.filter(([name]) => {
    const lower = name.toLowerCase()
    return (
      !HOP_BY_HOP.has(lower) &&
      !extra.has(lower) &&
      lower !== 'host' &&
      lower !== 'authorization' &&
      lower !== 'content-length' &&
      !lower.startsWith('switchyard-')
    )
  })
}

/** The provider's headers as the client gets them: hop-by-hop ones removed. */
export function forwardedResponseHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  const extra = namedByConnection(headers)
  return headers.filter(([name]) => {
    const lower = name.toLowerCase()
    return !HOP_BY_HOP.has(lower) && !extra.has(lower)
  })
}

/** A flat raw header list (`[name, value, name, value, …]`, as node:http gives it) as pairs. */
export function pairsOf(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!])
  return pairs
}

/** Statuses whose answers never carry a body (RFC 9110). */
export const NO_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/**
 * An answer the gateway did not get from the provider just now (a mock route, the simulation, a
 * recording) as it may go on the wire: its framing is the gateway's to compute, so hop-by-hop
 * headers and `Content-Length` are dropped (a stored `content-length: 0` with a body would let a
 * pipelining client read the rest as its next response); a 204/304 (or a HEAD) has no body and no
 * `Content-Type`/`Content-Length`.
 */
export function storedAnswerFraming(
  status: number,
  method: string,
  headers: ReadonlyArray<[string, string]>,
  body: Uint8Array | ReadableStream<Uint8Array> | null,
): { headers: Array<[string, string]>; body: Uint8Array | ReadableStream<Uint8Array> | null } {
  const noBody = NO_BODY_STATUSES.has(status)
  const kept = forwardedResponseHeaders(headers).filter(([name]) => {
    const lower = name.toLowerCase()
    return lower !== 'content-length' && !(noBody && lower === 'content-type')
  })
  return { headers: kept, body: noBody || method === 'HEAD' ? null : body }
}
