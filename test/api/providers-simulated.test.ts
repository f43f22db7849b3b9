import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_KITS } from '../../src/core/providers-kit/registry.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** The catalog says which providers are simulated offline and which operations their simulation answers. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const provider = async (id: string) => {
  const res = await t.req('GET', `/providers/${id}`)
  expect(res.status).toBe(200)
  return (await res.json()) as { simulation: { operations: string[] } | null }
}

describe('a catalog entry’s simulation', () => {
  it('lists the operations of every provider kit', async () => {
    for (const kit of PROVIDER_KITS) {
      const { simulation } = await provider(kit.id)
      expect(simulation?.operations.length, kit.id).toBeGreaterThan(0)
    }
    expect((await provider('github')).simulation?.operations).toEqual(
      expect.arrayContaining(['GET /user', 'GET /repos/:owner/:repo/issues', 'POST /graphql']),
    )
    expect((await provider('stripe')).simulation?.operations).toContain('POST /v1/customers')
  })

  it('an alias a kit answers is simulated too; a provider without a kit is not', async () => {
    expect((await provider('outlook-calendar')).simulation?.operations).toContain('GET /v1.0/me')
    expect((await provider('trello')).simulation).toBeNull()
  })

  it('a custom provider has none', async () => {
    const created = await t.req('POST', '/api/providers', {
      key: t.secretKey,
      body: { id: 'my-api', name: 'My API', auth: { type: 'api_key' } },
    })
    expect(created.status, await created.clone().text()).toBe(201)
    expect(((await created.json()) as { simulation: unknown }).simulation).toBeNull()
  })
})
