import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { proxyCall } from './helpers.js'

/** `seed demo` and fixtures give simulated HubSpot accounts that answer through the proxy. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const call = (conn: string, method: string, path: string, body?: unknown) =>
  proxyCall(t, conn, method, path, body)

describe('seed demo and the simulated HubSpot', () => {
  it('gives the demo a simulated HubSpot connection with companies, contacts and their associations', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_hubspot_requests).toBe(9)
    const [hubspot] = t.db
      .prepare("SELECT id FROM connections WHERE provider = 'hubspot' AND status = 'active'")
      .all() as Array<{ id: string }>
    const conn = hubspot!.id
    const companies = await call(conn, 'GET', '/crm/v3/objects/companies?limit=100')
    expect(companies.results.map((c: { properties: { name: string } }) => c.properties.name)).toEqual([
      'Acme Corporation',
      'Globex',
      'Initech',
    ])
    const contacts = await call(conn, 'GET', '/crm/v3/objects/contacts?limit=100')
    expect(contacts.results).toHaveLength(6)
    const acme = companies.results[0].id
    const people = await call(conn, 'GET', `/crm/v4/objects/companies/${acme}/associations/contacts`)
    expect(people.results).toHaveLength(2)
    expect(people.results[0].associationTypes).toEqual([
      { category: 'HUBSPOT_DEFINED', typeId: 2, label: 'Primary' },
    ])
    const customers = await call(conn, 'POST', '/crm/v3/objects/contacts/search', {
      filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'customer' }] }],
      properties: ['email'],
    })
    expect(
      customers.results.map((c: { properties: { email: string } }) => c.properties.email).sort(),
    ).toEqual(['peter@initech.example', 'wile.e@acme.example'])
  })
})

describe('fixtures and the simulated HubSpot', () => {
  it('a fixture-declared simulated HubSpot connection is answered with the scopes it declares', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [
            {
              id: 'conn_acme_hubspot',
              provider: 'hubspot',
              tenant_id: 'acme-fixture',
              scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
            },
          ],
        },
      ],
    })
    const created = await call('conn_acme_hubspot', 'POST', '/crm/v3/objects/contacts', {
      properties: { email: 'fixture@example.com' },
    })
    expect(created.properties.email).toBe('fixture@example.com')
    const denied = await t.req('GET', '/proxy/conn_acme_hubspot/crm/v3/objects/companies', {
      key: t.secretKey,
    })
    expect(denied.status).toBe(403)
    expect((await denied.json()).category).toBe('MISSING_SCOPES')
  })
})
