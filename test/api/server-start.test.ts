import { get, type IncomingMessage } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

// A start answers /health before the API's route groups are assembled; these tests send requests
// at the moment startServer resolves, when neither the HTTP adapter nor the API is ready yet.
let data: ReturnType<typeof tempDir>
beforeEach(() => {
  data = tempDir()
})
afterEach(() => data.cleanup())

describe('a server just started', () => {
  it('answers every kind of request sent the moment it listens, none refused', async () => {
    const server = await startQuietServer(data.dir)
    try {
      const auth = { authorization: `Bearer ${firstSecretKey(server)}` }
      const [health, search, capture, unknown, wrongMethod] = await Promise.all([
        fetch(`${server.url}/health`),
        fetch(`${server.url}/api/api-keys/search`, { method: 'POST', headers: auth }),
        fetch(`${server.url}/webhooks/github`, { method: 'POST', body: '{"zen":"hi"}' }),
        fetch(`${server.url}/api/nothing-here`, { headers: auth }),
        fetch(`${server.url}/health`, { method: 'DELETE' }),
      ])
      expect(health.status).toBe(200)
      expect(await health.json()).toMatchObject({ status: 'ok' })
      expect(search.status).toBe(200)
      expect((await search.json()).data).toHaveLength(2)
      expect(capture.status).toBe(200)
      const { id } = (await capture.json()) as { id: string }
      const workspaceId = server.core.workspaces.get('default').id
      expect(server.core.events.get(workspaceId, id).source).toBe('webhook')
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get('content-type')).toBe('application/problem+json')
      expect(wrongMethod.status).toBe(405)
      expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD')
    } finally {
      await server.close()
    }
  })

  it('/health answers with the same Host check as the whole app', async () => {
    const server = await startQuietServer(data.dir)
    try {
      // fetch() may not set Host; node:http may.
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        get(`${server.url}/health`, { headers: { host: 'evil.example' } }, resolve).on('error', reject),
      )
      res.resume()
      expect(res.statusCode).toBe(403)
      expect(res.headers['content-type']).toBe('application/problem+json')
    } finally {
      await server.close()
    }
  })

  it('can be closed at once, and the data folder opens again', async () => {
    const first: RunningServer = await startQuietServer(data.dir)
    await first.close()
    const again = await startQuietServer(data.dir)
    try {
      const res = await fetch(`${again.url}/api/api-keys/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${firstSecretKey(first)}` },
      })
      expect(res.status).toBe(200)
    } finally {
      await again.close()
    }
  })

  it('can be closed while a request waits for the API to be assembled', async () => {
    const server = await startQuietServer(data.dir)
    const pending = fetch(`${server.url}/api/api-keys/search`, { method: 'POST' }).then(
      (res) => res.status,
      () => 'refused',
    )
    await new Promise((resolve) => setTimeout(resolve, 1))
    await server.close()
    // Answered before the close, or cut off by it; either way the process carries on.
    expect([401, 'refused']).toContain(await pending)
  })
})
