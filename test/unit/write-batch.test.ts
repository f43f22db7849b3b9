import { createServer, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { endTogether } from '../../src/server/write-batch.js'

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A real server whose handler is given each response; resolves with its port. */
async function serve(handle: (res: ServerResponse, path: string) => void) {
  server = createServer((req, res) => handle(res, req.url ?? ''))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** One GET; resolves with the status and body, or with the error's code when the socket is cut. */
const get = (port: number, path: string) =>
  new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    request({ port, host: '127.0.0.1', path }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body }))
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
    })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
      .end()
  })

it('ends an answer after the current turn of the event loop, not at once, and it arrives whole', async () => {
  const seen: Array<[string, boolean]> = []
  const port = await serve((res, path) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    endTogether(res, () => res.end(`answer ${path}`))
    seen.push([path, res.writableEnded])
    setImmediate(() => seen.push([`${path} next turn`, res.writableEnded]))
  })
  expect(await get(port, '/a')).toEqual({ status: 200, body: 'answer /a' })
  expect(seen).toEqual([
    ['/a', false],
    ['/a next turn', true],
  ])
})

it('answers every request of a burst, each with its own body', async () => {
  const port = await serve((res, path) => {
    res.writeHead(200)
    endTogether(res, () => res.end(path))
  })
  const paths = Array.from({ length: 40 }, (_, i) => `/${i}`)
  const answers = await Promise.all(paths.map((path) => get(port, path)))
  expect(answers.map((a) => a.body)).toEqual(paths)
})

it('skips an answer whose client is gone, and one that throws fails alone', async () => {
  const ended: string[] = []
  const port = await serve((res, path) => {
    res.writeHead(200)
    if (path === '/gone') {
      endTogether(res, () => ended.push(path))
      res.destroy()
      return
    }
    if (path === '/throws') {
      endTogether(res, () => {
        throw new Error('writing failed')
      })
      return
    }
    endTogether(res, () => {
      ended.push(path)
      res.end('fine')
    })
  })
  const [gone, throws, fine] = await Promise.all([
    get(port, '/gone'),
    get(port, '/throws'),
    get(port, '/fine'),
  ])
  expect(gone.error).toBeDefined()
  expect(throws.error).toBeDefined()
  expect(fine).toEqual({ status: 200, body: 'fine' })
  expect(ended).toEqual(['/fine'])
})
