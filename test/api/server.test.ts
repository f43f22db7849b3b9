import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

const data = tempDir()
let server: RunningServer
let key: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

/** Sends a body in chunks with Transfer-Encoding: chunked (no Content-Length). */
function postChunked(
  path: string,
  chunks: Buffer[],
): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        let body = ''
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () =>
          resolve({ status: res.statusCode!, body, type: String(res.headers['content-type']) }),
        )
      },
    )
    req.on('error', (err) => {
      // The server may answer 413 and close before the whole body is sent; the response still arrives.
      if (
        (err as NodeJS.ErrnoException).code !== 'EPIPE' &&
        (err as NodeJS.ErrnoException).code !== 'ECONNRESET'
      )
        reject(err)
    })
    for (const c of chunks) req.write(c)
    req.end()
  })
}

describe('the real server over HTTP', () => {
  it('binds 127.0.0.1 and answers on the ephemeral port', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
  })

  it('a chunked body over 1 MiB with no Content-Length is refused with 413 and nothing is stored', async () => {
    const before = server.core.apiKeys.list(server.core.workspaces.get('default').id).length
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const res = await postChunked('/api/api-keys', [
      Buffer.from('{"name":"'),
      ...Array(20).fill(chunk),
      Buffer.from('"}'),
    ])
    expect(res.status).toBe(413)
    expect(res.type).toBe('application/problem+json')
    expect(JSON.parse(res.body).code).toBe('payload_too_large')
    expect(server.core.apiKeys.list(server.core.workspaces.get('default').id).length).toBe(before)
  })

  it('a small chunked body is accepted', async () => {
    const res = await postChunked('/api/api-keys', [
      Buffer.from('{"name":"chunky",'),
      Buffer.from('"role":"secret"}'),
    ])
    expect(res.status).toBe(201)
  })

  it('a body with a declared Content-Length is read and validated (the direct path, no stream wrapping)', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/api/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      })
    const created = await post(JSON.stringify({ name: 'declared', role: 'publishable' }))
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ name: 'declared', role: 'publishable' })
    const malformed = await post('{"name":')
    expect(malformed.status).toBe(400)
    expect(malformed.headers.get('content-type')).toBe('application/problem+json')
    const invalid = await post(JSON.stringify({ name: '', role: 'admin' }))
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/name',
      '/role',
    ])
  })

  it('a declared Content-Length over 1 MiB is refused with 413 and nothing is stored', async () => {
    const before = server.core.apiKeys.list(server.core.workspaces.get('default').id).length
    const res = await fetch(`${server.url}/api/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), role: 'secret' }),
    })
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('payload_too_large')
    expect(server.core.apiKeys.list(server.core.workspaces.get('default').id).length).toBe(before)
  })

  it('a revoked key stays revoked after a restart', async () => {
    const created = server.core.apiKeys.create(server.core.workspaces.get('default').id, {
      name: 'r',
      role: 'secret',
    })
    server.core.apiKeys.revoke(server.core.workspaces.get('default').id, created.id)
    await server.close()
    server = await startServer({ dataDir: data.dir, host: '127.0.0.1', port: 0 })
    const res = await fetch(`${server.url}/api/api-keys/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.key}` },
    })
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('api_key_revoked')
  })
})
