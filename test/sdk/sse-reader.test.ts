import { describe, expect, it } from 'vitest'
import { readSse, type SseMessage } from '../../src/sdk/sse.js'

/** A body that arrives in exactly these chunks (bytes, so a character can be split too). */
const body = (chunks: Array<string | Uint8Array>) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? new TextEncoder().encode(c) : c)
      controller.close()
    },
  })

const read = async (chunks: Array<string | Uint8Array>) => {
  const out: SseMessage[] = []
  for await (const m of readSse(body(chunks))) out.push(m)
  return out
}

describe('readSse (the one SSE reader of the dashboard and the CLI)', () => {
  it('joins fields split across chunk boundaries, and a UTF-8 character split in two', async () => {
    const bytes = new TextEncoder().encode('data: café\n\n')
    const at = bytes.indexOf(0xc3) + 1
    expect(
      await read(['i', 'd: evt_1\nda', 'ta: {"a"', ':1}\n', '\n', bytes.slice(0, at), bytes.slice(at)]),
    ).toEqual([
      { event: 'message', id: 'evt_1', data: '{"a":1}' },
      { event: 'message', data: 'café' },
    ])
  })

  it('joins multi-line data with newlines, and accepts CRLF and CR line ends', async () => {
    expect(
      await read(['data: one\r\ndata: two\r\n\r\n', 'data: three\rdata:four\r\r', 'data: five\n\n']),
    ).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'message', data: 'three\nfour' },
      { event: 'message', data: 'five' },
    ])
  })

  it('skips comments and pings, and blocks without data', async () => {
    expect(await read([': ping\n\n', ':\n\n', 'event: noise\n\n', 'data: x\n\n', ': ping\n\n'])).toEqual([
      { event: 'message', data: 'x' },
    ])
  })

  it('reads id:, event: and retry: (which does not become data)', async () => {
    expect(await read(['retry: 3000\nid: evt_2\nevent: error\ndata: {"status":401}\n\n'])).toEqual([
      { event: 'error', id: 'evt_2', data: '{"status":401}' },
    ])
  })

  it('drops an unfinished message when the body ends', async () => {
    expect(await read(['data: done\n\n', 'data: cut off'])).toEqual([{ event: 'message', data: 'done' }])
  })

  it('leaving the loop early cancels the body', async () => {
    let cancelled = false
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: a\n\ndata: b\n\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    for await (const m of readSse(stream)) if (m.data === 'a') break
    expect(cancelled).toBe(true)
  })
})
