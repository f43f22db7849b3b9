import { afterAll, describe, expect, it, vi } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { fixture } from './helpers.js'

/**
 * After a restart, stored documents are prepared in the background once the server listens, so
 * the first simulated call does not parse and compile one (the gateway answers meanwhile).
 */
describe('a stored OpenAPI document after a restart', () => {
  const data = tempDir()
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.close()
    data.cleanup()
  })

  it('is prepared in the background, without any call', async () => {
    server = await startQuietServer(data.dir)
    const key = firstSecretKey(server)
    const api = (method: string, path: string, body?: string, type = 'application/json') =>
      fetch(`${server!.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
        ...(body !== undefined && { body }),
      })
    const created = await api(
      'POST',
      '/api/providers',
      JSON.stringify({ id: 'petstore', name: 'Petstore', auth: { type: 'api_key' } }),
    )
    expect(created.status, await created.text()).toBe(201)
    expect(
      (await api('PUT', '/api/providers/petstore/openapi', fixture('petstore.yaml'), 'application/yaml'))
        .status,
    ).toBe(200)
    const workspaceId = server.firstRun!.workspace
    const ws = server.core.workspaces.get(workspaceId)
    await server.close()

    server = await startQuietServer(data.dir)
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
    await vi.waitFor(() => expect(server!.core.openapiDocs.prepared(ws.id, 'petstore')).toBe(true), {
      timeout: 20_000,
      interval: 20,
    })
  })
})
