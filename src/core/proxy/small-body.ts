import type { IncomingMessage } from 'node:http'
import { AppError } from '../errors.js'

/** The largest provider body read whole before the answer starts (see readSmallBody). */
export const SMALL_BODY_BYTES = 64 * 1024

/**
 * A provider's body of a declared `Content-Length` up to SMALL_BODY_BYTES, read whole: the answer
 * then goes out as bytes, headers and body in one write, instead of as a web stream (headers
 * flushed on their own, then the body pumped through a reader), which cost most of a small live
 * call. Memory stays bounded by the declared size; anything larger, or of unknown length (chunked),
 * streams with backpressure as before. Undefined when the body is not such a small one.
 * A body cut short rejects with `upstream_error` (the client has been sent nothing yet).
 */
export function readSmallBody(
  body: IncomingMessage,
  headers: ReadonlyArray<[string, string]>,
): Promise<Buffer> | undefined {
  const declared = headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1]
  if (declared === undefined || !/^\d{1,6}$/.test(declared)) return undefined
  const size = Number(declared)
  if (size > SMALL_BODY_BYTES) return undefined
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    body.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      received += chunk.length
    })
    body.once('end', () => {
      if (received === size) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received))
      else reject(cut(received, size))
    })
    body.once('error', () => reject(cut(received, size)))
    body.once('close', () => {
      if (!body.complete) reject(cut(received, size))
    })
  })
}

const cut = (received: number, size: number) =>
  new AppError('upstream_error', `The provider's answer ended after ${received} of its ${size} bytes.`)
