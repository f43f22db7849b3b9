import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { customProvider, fixture, putDocument, simulatedConnection } from './helpers.js'

/**
 * An OpenAPI 3.1 document's `webhooks`: triggered by name (its example, else generated from its
 * schema), and sent when a simulated create/update/delete matches one (by name or by its
 * `x-switchyard-event`), signed with the provider config's secret, through the capture path.
 */
let t: TestApp
let conn: string
const provider = 'pets'
type Event = {
  id: string
  signature: string
  connection_id: string | null
  data: { triggered?: boolean }
  request: { body: string; headers: Array<{ name: string; value: string }> }
}
const detail = async (id: string): Promise<Event> =>
  (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json() as Promise<Event>
const captured = async () => {
  await t.core.simulation.settled()
  const res = await t.req('POST', '/api/events/search', {
    key: t.secretKey,
    body: {
      filter: { provider: { eq: provider }, type: { eq: 'webhook.received' } },
      sort: [{ field: 'created_at', direction: 'asc' }],
    },
  })
  const page = (await res.json()) as { data: Array<{ id: string }> }
  return Promise.all(page.data.map((e) => detail(e.id)))
}
const proxy = (method: string, path: string, body?: unknown) =>
  t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })

beforeAll(async () => {
  t = await createTestApp()
  await customProvider(t, provider)
  const configured = await t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: {
      provider,
      webhook_secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
      webhook_signature: 'standard_webhooks',
    },
  })
  expect(configured.status, await configured.clone().text()).toBe(201)
  const put = await putDocument(t, provider, fixture('pets-webhooks.yaml'), 'application/yaml')
  expect(put.status, await put.clone().text()).toBe(200)
  conn = await simulatedConnection(t, provider)
})
afterAll(() => t.close())

describe("an OpenAPI document's webhooks", () => {
  it('are listed as the trigger types of the provider', async () => {
    const res = await t.req('GET', `/api/events/trigger/types?provider=${provider}`, { key: t.secretKey })
    const types = ((await res.json()) as { data: Array<{ types: string[] }> }).data[0]!.types
    expect(types).toEqual(expect.arrayContaining(['pet.created', 'petSold', 'petAdopted']))
  })

  it('are triggered by name: the example, signed with the config secret', async () => {
    const res = await t.req('POST', '/api/events/trigger', {
      key: t.secretKey,
      body: { provider, type: 'petAdopted', data: { adopter: 'Grace' } },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const event = await detail(((await res.json()) as { id: string }).id)
    expect(event.signature).toBe('valid')
    expect(JSON.parse(event.request.body)).toEqual({ kind: 'adopted', adopter: 'Grace' })
  })

  it('are the only types of a provider without samples of its own: another name is a 400 listing them', async () => {
    const res = await t.req('POST', '/api/events/trigger', {
      key: t.secretKey,
      body: { provider, type: 'petLost' },
    })
    expect(res.status).toBe(400)
    const problem = (await res.json()) as { errors: Array<{ pointer: string; detail: string }> }
    expect(problem.errors).toEqual([{ pointer: '/type', detail: 'one of: pet.created, petSold, petAdopted' }])
  })

  it('are generated from the schema when there is no example, headers too', async () => {
    const res = await t.req('POST', '/api/events/trigger', {
      key: t.secretKey,
      body: { provider, type: 'pet.created' },
    })
    const event = await detail(((await res.json()) as { id: string }).id)
    const body = JSON.parse(event.request.body)
    expect(body.event).toBe('pet.created')
    expect(event.request.headers).toContainEqual({ name: 'X-Pets-Event', value: 'pet.created' })
    expect(body.pet).toMatchObject({ id: expect.any(Number), name: expect.any(String) })
  })

  it('go out, signed and attributed, when a simulated change matches one', async () => {
    const created = await proxy('POST', '/v1/pets', { name: 'Rex', status: 'available' })
    expect(created.status).toBe(201)
    expect(await proxy('PATCH', '/v1/pets/1', { status: 'sold' })).toHaveProperty('status', 200)
    expect(await proxy('DELETE', '/v1/pets/1')).toHaveProperty('status', 204)
    // Triggered samples are marked as such; these came from the simulated calls.
    const events = (await captured()).filter((e) => !e.data.triggered)
    // pet.created by its name, petSold by its x-switchyard-event; no webhook names the delete.
    expect(events).toHaveLength(2)
    for (const event of events) {
      expect(event.signature).toBe('valid')
      expect(event.connection_id).toBe(conn)
    }
    const sent = events.map((e) => JSON.parse(e.request.body) as Record<string, unknown>)
    const onCreate = sent.find((b) => 'event' in b)
    const onUpdate = sent.find((b) => 'kind' in b)
    expect(onCreate).toEqual({ event: 'pet.created', pet: { id: 1, name: 'Rex', status: 'available' } })
    expect(onUpdate).toEqual({ kind: 'sold', data: { id: 1, name: 'Rex', status: 'sold' } })
  })
})
