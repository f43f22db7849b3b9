import type { ServerResponse } from 'node:http'

/** Bodies up to this size go out in the head's write; a larger one keeps its own chunk. */
const ONE_WRITE_LIMIT = 16 * 1024

/**
 * Ends a response with its body in the same socket write as its head. Given a Buffer, Node's
 * response sends the head (a string) and the body as two chunks through the socket's writev path;
 * given a string in latin1, it joins the two into one string and makes one plain write, which
 * measured faster for a replayed answer (bench/RESULTS.md, proxy). latin1 maps each byte to one
 * character and back, so the bytes sent are the body's own. Above the limit, copying the body into
 * a string would cost more than the second chunk does.
 */
export function endWithBody(res: ServerResponse, body: Uint8Array): void {
  if (body.byteLength > ONE_WRITE_LIMIT) res.end(body)
  else res.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1'), 'latin1')
}
