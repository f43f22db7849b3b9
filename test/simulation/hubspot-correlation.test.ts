import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimulationIds } from '../../src/core/providers-kit/kit/ids.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** HubSpot's correlation ids come from the injected ids: one per call, in the header and the error body. */
let t: TestApp
let conn: string
let counter = 0
const predictable: SimulationIds = {
  uuid: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  hex: (bytes) => '0'.repeat(bytes * 2),
}
const hs = (method: string, path: string, body?: unknown) =>
  t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })

beforeAll(async () => {
  t = await createTestApp({ simulationIds: predictable })
  conn = (await simulatedFlow(t, { provider: 'hubspot', tenant_id: 'acme' })).params.get('connection_id')!
})
afterAll(() => t.close())

describe('the simulated HubSpot’s correlation ids', () => {
  it('an ordinary answer carries the call’s id from the injected ids', async () => {
    const before = counter
    const res = await hs('GET', '/crm/v3/objects/contacts?limit=1')
    expect(res.status).toBe(200)
    const id = res.headers.get('x-hubspot-correlation-id')
    expect(id).toMatch(/^00000000-0000-4000-8000-\d{12}$/)
    expect(Number(id!.slice(-12))).toBeGreaterThan(before)
  })

  it('an error carries the same id in its header and its body, after the message', async () => {
    const res = await hs('GET', '/crm/v3/objects/contacts/999999')
    expect(res.status).toBe(404)
    const header = res.headers.get('x-hubspot-correlation-id')
    const body = (await res.json()) as Record<string, unknown>
    expect(header).toMatch(/^00000000-0000-4000-8000-/)
    expect(body.correlationId).toBe(header)
    expect(Object.keys(body).slice(0, 3)).toEqual(['status', 'message', 'correlationId'])
    expect(body.category).toBe('OBJECT_NOT_FOUND')
  })

  it('a fault’s answer is stamped too', async () => {
    const fault = await t.req('POST', `/api/connections/${conn}/faults`, {
      key: t.secretKey,
      body: { kind: 'server_error', count: 1, status: 503 },
    })
    expect(fault.status, await fault.clone().text()).toBe(201)
    const res = await hs('GET', '/crm/v3/objects/contacts')
    expect(res.status).toBe(503)
    const body = (await res.json()) as Record<string, unknown>
    expect(body.correlationId).toBe(res.headers.get('x-hubspot-correlation-id'))
    expect(body.correlationId).toMatch(/^00000000-0000-4000-8000-/)
  })
})
