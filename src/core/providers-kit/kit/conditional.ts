import { createHash } from 'node:crypto'
import type { ProxyAnswer, ProxyCall } from '../../proxy/answerers.js'
import { httpDate } from './time.js'

/**
 * Conditional GETs (RFC 9110 §13): a representation's `ETag` (weak, from its bytes) and
 * `Last-Modified`, and the `304 Not Modified` a matching `If-None-Match` or `If-Modified-Since` gets.
 */

const requestHeader = (call: Pick<ProxyCall, 'headers'>, name: string) =>
  call.headers.find(([n]) => n.toLowerCase() === name)?.[1]

/** A weak entity tag of the answer's bytes, as GitHub writes them (`W/"<hex>"`). */
export const weakTagOf = (body: Uint8Array) =>
  `W/"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/** Whether an `If-None-Match` value names the tag (weak comparison; `*` matches any). */
export function noneMatchHits(header: string, tag: string): boolean {
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag))
}

/**
 * The answer with its validators, or its 304 when the call's conditions say the client's copy is
 * current (`If-Modified-Since` counts only without `If-None-Match`, and to the second).
 * `lastModifiedMs` is when the representation last changed, when it has such a time.
 */
export function conditional(
  call: Pick<ProxyCall, 'headers' | 'method'>,
  found: ProxyAnswer,
  lastModifiedMs?: number,
): { answer: ProxyAnswer; notModified: boolean } {
  if (call.method !== 'GET' || found.status !== 200 || !(found.body instanceof Uint8Array))
    return { answer: found, notModified: false }
  const tag = weakTagOf(found.body)
  const validators: Array<[string, string]> = [['etag', tag]]
  if (lastModifiedMs !== undefined) validators.push(['last-modified', httpDate(lastModifiedMs)])
  const headers = [...found.headers, ...validators]
  const noneMatch = requestHeader(call, 'if-none-match')
  const since = Date.parse(requestHeader(call, 'if-modified-since') ?? '')
  const fresh =
    noneMatch !== undefined
      ? noneMatchHits(noneMatch, tag)
      : lastModifiedMs !== undefined &&
        !Number.isNaN(since) &&
        Math.floor(lastModifiedMs / 1000) * 1000 <= since
  if (!fresh) return { answer: { ...found, headers }, notModified: false }
  const kept = headers.filter(([n]) => !['content-type', 'content-length'].includes(n.toLowerCase()))
  return { answer: { ...found, status: 304, headers: kept, body: null }, notModified: true }
}
