import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Switchyard, SwitchyardError } from '../../src/sdk/index.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from '../simulation/helpers.js'
import { FIXTURES, fixture } from './helpers.js'

/**
 * The SDK's three OpenAPI document methods against a real gateway, and the document travelling
 * with the workspace's data: cassettes and fixtures (inline and by file path).
 */
const data = tempDir()
let server: RunningServer
let sdk: Switchyard

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  sdk = new Switchyard({ apiKey: firstSecretKey(server), baseUrl: server.url })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('OpenAPI documents through the SDK, cassettes and fixtures', () => {
  it('puts (YAML text), gets and deletes a document', async () => {
    const info = await sdk.putProviderOpenApi('stripe', fixture('petstore.yaml'))
    expect(info).toMatchObject({ provider: 'stripe', content_type: 'application/yaml', operations: 6 })
    const got = await sdk.getProviderOpenApi('stripe')
    expect(got.contentType).toContain('application/yaml')
    expect(new TextDecoder().decode(got.body)).toBe(fixture('petstore.yaml'))
    await sdk.deleteProviderOpenApi('stripe')
    const missing = await sdk.getProviderOpenApi('stripe').catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(SwitchyardError)
    expect((missing as SwitchyardError).status).toBe(404)
  })

  it('refuses an invalid document with every problem', async () => {
    const error = (await sdk
      .putProviderOpenApi('stripe', { openapi: '3.1.0', info: {} })
      .catch((e: unknown) => e)) as SwitchyardError
    expect(error.status).toBe(400)
    // 3.1 also needs one of paths, components or webhooks: each is named.
    expect(error.errors?.map((e) => e.pointer)).toEqual([
      '/paths',
      '/components',
      '/webhooks',
      '/info/title',
      '/info/version',
    ])
  })

  it('travels in a cassette: exported with the provider, imported elsewhere', async () => {
    await sdk.putProviderOpenApi('stripe', JSON.parse(fixture('petstore.json')))
    const cassette = await sdk.exportRecordings({ provider: 'stripe' })
    expect(cassette.openapi).toEqual([
      {
        provider: 'stripe',
        content_type: 'application/json',
        document: JSON.stringify(JSON.parse(fixture('petstore.json'))),
      },
    ])
    await sdk.deleteProviderOpenApi('stripe')
    await sdk.importRecordings(cassette)
    const conn = await simulatedConnect(server, 'stripe')
    const res = await fetch(`${server.url}/proxy/${conn}/v1/store/inventory`, {
      headers: { authorization: `Bearer ${firstSecretKey(server)}` },
    })
    expect(res.headers.get('switchyard-operation')).toBe('getInventory')
  })

  it('is declared in fixtures, by file path or inline', async () => {
    await sdk.deleteProviderOpenApi('stripe')
    const { created } = await sdk.resetWorkspace({
      fixtures: {
        workspaces: [
          {
            name: 'default',
            openapi: { stripe: `${FIXTURES}/petstore.yaml`, hubspot: JSON.parse(fixture('petstore.json')) },
          },
        ],
      },
    })
    expect(created?.openapi).toBe(2)
    expect((await sdk.getProviderOpenApi('stripe')).contentType).toContain('yaml')
    expect((await sdk.getProviderOpenApi('hubspot')).contentType).toContain('json')
  })
})
