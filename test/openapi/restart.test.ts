import { afterAll, describe, expect, it, vi } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { fixture } from './helpers.js'

/**
 * After a restart, the stored documents of providers with connections are prepared in the
 * background once the server listens, so the first simulated call does not parse and compile one
 * (the gateway answers meanwhile).
 */
describe('a stored OpenAPI document after a restart', () => {
  const data = tempDir()
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.close()
    data.cleanup()
  })

  it('is prepared in the background, without any call, when a connection may use it', async () => {
    server = await startQuietServer(data.dir)
    const key = firstSecretKey(server)
    const api = (method: string, path: string, body?: string, type = 'application/json') =>
      fetch(`${server!.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
        ...(body !== undefined && { body }),
      })
    const ws = server.core.workspaces.get(server.firstRun!.workspace)
    // `aaa-unused` sorts first: had it been prepared, that would be before `petstore`.
    for (const id of ['petstore', 'aaa-unused']) {
      const provider = JSON.stringify({ id, name: id, auth: { type: 'api_key' } })
      expect((await api('POST', '/api/providers', provider)).status).toBe(201)
      const put = await api(
        'PUT',
        `/api/providers/${id}/openapi`,
        fixture('petstore.yaml'),
        'application/yaml',
      )
      expect(put.status).toBe(200)
    }
    server.core.connections.create(ws.id, {
      provider: 'petstore',
      provider_config_id: null,
      tenant_id: 'acme',
      mode: 'simulated',
      params: {},
      requested_scopes: [],
      tokens: { access_token: 'sim', token_type: 'bearer', expires_in: 3600 },
      session_id: 'test',
    } as Parameters<typeof server.core.connections.create>[1])
    await server.close()

    server = await startQuietServer(data.dir)
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
    await vi.waitFor(() => expect(server!.core.openapiDocs.prepared(ws.id, 'petstore')).toBe(true), {
      timeout: 20_000,
      interval: 20,
    })
    // A document no connection may use is left until it is asked for (a large one costs memory).
    expect(server.core.openapiDocs.prepared(ws.id, 'aaa-unused')).toBe(false)
  })
})
