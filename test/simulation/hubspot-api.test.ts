import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulationRepo } from '../../src/core/providers-kit/engine/simulation.repo.js'
import type { AccountObjects } from '../../src/core/providers-kit/kit/provider-kit.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, simulatedConnect } from './helpers.js'

/** The simulated HubSpot over the proxy: its rules, errors, faults and state, in HubSpot's shapes. */
let t: TestApp
let conn: string
const hs = (method: string, path: string, body?: unknown, id = conn, raw?: string) =>
  t.req(method, `/proxy/${id}${path}`, {
    key: t.secretKey,
    ...(body !== undefined && { body }),
    ...(raw !== undefined && { raw, headers: { 'content-type': 'application/json' } }),
  })
const connect = async (tenant: string, scopes?: string[]) =>
  (await simulatedFlow(t, { provider: 'hubspot', tenant_id: tenant, ...(scopes && { scopes }) })).params.get(
    'connection_id',
  )!
const objectCount = () =>
  (t.db.prepare('SELECT count(*) AS n FROM simulation_objects').get() as { n: number }).n
const contact = (email: string, extra: Record<string, string> = {}) =>
  hs('POST', '/crm/v3/objects/contacts', { properties: { email, ...extra } })

beforeAll(async () => {
  t = await createTestApp()
  const config = await t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: { provider: 'hubspot', webhook_secret: 'hubspot-secret' },
  })
  expect(config.status, await config.clone().text()).toBe(201)
  conn = await connect('acme')
})
afterAll(() => t.close())

describe('bad input gets HubSpot’s 400 VALIDATION_ERROR and changes nothing', () => {
  const cases: Array<[string, string, string, unknown, string?]> = [
    ['missing properties', 'POST', '/crm/v3/objects/contacts', { email: 'a@example.com' }],
    ['properties not an object', 'POST', '/crm/v3/objects/contacts', { properties: ['email'] }],
    ['unknown property', 'POST', '/crm/v3/objects/companies', { properties: { nmae: 'Typo Inc' } }],
    ['read-only property', 'POST', '/crm/v3/objects/contacts', { properties: { hs_object_id: '1' } }],
    ['invalid email', 'POST', '/crm/v3/objects/contacts', { properties: { email: 'not-an-email' } }],
    ['unparsable JSON', 'POST', '/crm/v3/objects/contacts', undefined, '{"properties":'],
    [
      'bad filter operator',
      'POST',
      '/crm/v3/objects/contacts/search',
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'LIKE', value: 'x' }] }] },
    ],
    [
      'filter without a value',
      'POST',
      '/crm/v3/objects/contacts/search',
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ' }] }] },
    ],
    [
      'filter on an unknown property',
      'POST',
      '/crm/v3/objects/contacts/search',
      { filterGroups: [{ filters: [{ propertyName: 'shoe_size', operator: 'EQ', value: '9' }] }] },
    ],
    ['search limit over 200', 'POST', '/crm/v3/objects/contacts/search', { limit: 201 }],
    [
      'too many filter groups',
      'POST',
      '/crm/v3/objects/contacts/search',
      { filterGroups: Array.from({ length: 6 }, () => ({ filters: [] })) },
    ],
    ['bad list cursor', 'GET', '/crm/v3/objects/contacts?after=abc', undefined],
    [
      'unknown association type',
      'PUT',
      '/crm/v4/objects/contacts/1/associations/companies/2',
      [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 999 }],
    ],
  ]
  it.each(cases)('%s', async (_name, method, path, body, raw) => {
    // The association case needs real objects on both ends, so its 400 is about the type.
    const c = await contact(`bad-input-${Math.random().toString(36).slice(2)}@example.com`)
    const company = await hs('POST', '/crm/v3/objects/companies', { properties: { name: 'Ends' } })
    const ids = { contact: (await c.json()).id, company: (await company.json()).id }
    await t.core.simulation.settled()
    const before = { objects: objectCount(), hooks: capturedWebhooks(t.db, 'hubspot').length }
    const res = await hs(
      method,
      path
        .replace('contacts/1/', `contacts/${ids.contact}/`)
        .replace('companies/2', `companies/${ids.company}`),
      body,
      conn,
      raw,
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toMatchObject({
      status: 'error',
      category: 'VALIDATION_ERROR',
      message: expect.any(String),
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    await t.core.simulation.settled()
    expect({ objects: objectCount(), hooks: capturedWebhooks(t.db, 'hubspot').length }).toEqual(before)
  })
})

describe('the token rule, scopes and faults, answered as HubSpot does', () => {
  it('a token scoped to contacts gets 403 MISSING_SCOPES for companies', async () => {
    const limited = await connect('limited', [
      'oauth',
      'crm.objects.contacts.read',
      'crm.objects.contacts.write',
    ])
    expect((await hs('GET', '/crm/v3/objects/contacts', undefined, limited)).status).toBe(200)
    const res = await hs('POST', '/crm/v3/objects/companies', { properties: { name: 'Nope' } }, limited)
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      status: 'error',
      category: 'MISSING_SCOPES',
      errors: [{ context: { requiredGranularScopes: ['crm.objects.companies.write'] } }],
    })
  })

  it('an expired token without a refresh gets 401 EXPIRED_AUTHENTICATION; an unknown one INVALID_AUTHENTICATION', async () => {
    const other = await connect('expiring')
    t.db.prepare('UPDATE connections SET refresh_token = NULL WHERE id = ?').run(other)
    const fault = await t.req('POST', `/api/connections/${other}/faults`, {
      key: t.secretKey,
      body: { kind: 'expire_token' },
    })
    expect(fault.status).toBe(201)
    const expired = await hs('GET', '/crm/v3/objects/contacts', undefined, other)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toMatchObject({ status: 'error', category: 'EXPIRED_AUTHENTICATION' })
    t.db
      .prepare(
        'DELETE FROM simulation_tokens WHERE grant_id IN (SELECT id FROM simulation_grants WHERE connection_id = ?)',
      )
      .run(other)
    const unknown = await hs('GET', '/crm/v3/objects/contacts', undefined, other)
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' })
  })

  it('rate_limit: 429 with HubSpot’s policy headers and RATE_LIMITS body, then normal answers', async () => {
    const fault = await t.req('POST', `/api/connections/${conn}/faults`, {
      key: t.secretKey,
      body: { kind: 'rate_limit', count: 1 },
    })
    expect(fault.status).toBe(201)
    const limited = await hs('GET', '/crm/v3/objects/contacts')
    expect(limited.status).toBe(429)
    for (const name of [
      'x-hubspot-ratelimit-daily',
      'x-hubspot-ratelimit-daily-remaining',
      'x-hubspot-ratelimit-interval-milliseconds',
      'x-hubspot-ratelimit-max',
      'x-hubspot-ratelimit-secondly',
      'x-hubspot-ratelimit-secondly-remaining',
    ])
      expect(limited.headers.get(name), name).toMatch(/^\d+$/)
    expect(limited.headers.get('x-hubspot-ratelimit-remaining')).toBe('0')
    expect(await limited.json()).toMatchObject({
      status: 'error',
      category: 'RATE_LIMITS',
      policyName: 'TEN_SECONDLY_ROLLING',
      correlationId: expect.any(String),
    })
    expect((await hs('GET', '/crm/v3/objects/contacts')).status).toBe(200)
  })

  it('server_error: HubSpot’s error object with the status asked for', async () => {
    await t.req('POST', `/api/connections/${conn}/faults`, {
      key: t.secretKey,
      body: { kind: 'server_error', count: 1, status: 502 },
    })
    const res = await hs('GET', '/crm/v3/objects/contacts')
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ status: 'error', category: 'INTERNAL_ERROR' })
  })

  it('calls the simulation does not answer fall through (the 501, as HubSpot’s 404, with nothing recorded)', async () => {
    const res = await hs('GET', '/crm/v3/objects/deals')
    expect(res.status).toBe(404)
    expect((await res.json()).switchyard).toMatchObject({ status: 501, code: 'simulation_unavailable' })
  })
})

describe('accounts are isolated, and shown to the dashboard', () => {
  it('another connection sees none of the first one’s contacts, and may reuse their emails', async () => {
    expect((await contact('isolated@example.com')).status).toBe(201)
    const other = await connect('initech')
    const page = await (await hs('GET', '/crm/v3/objects/contacts', undefined, other)).json()
    expect(page.results).toEqual([])
    expect(
      (await hs('POST', '/crm/v3/objects/contacts', { properties: { email: 'isolated@example.com' } }, other))
        .status,
    ).toBe(201)
  })

  it('accountView lists contacts (with their companies) and companies; exampleCalls answer 2xx on a fresh account', async () => {
    const fresh = await connect('fresh')
    const sim = t.core.simulation.simulationOf('hubspot')!
    for (const call of sim.exampleCalls!) {
      const res = await hs(call.method, call.path, call.body, fresh)
      expect(res.status, `${call.label}: ${await res.clone().text()}`).toBeLessThan(300)
    }
    const ada = await (
      await hs(
        'POST',
        '/crm/v3/objects/contacts',
        { properties: { email: 'ada@lovelace.example', firstname: 'Ada', lastname: 'Lovelace' } },
        fresh,
      )
    ).json()
    const company = await (await hs('GET', '/crm/v3/objects/companies', undefined, fresh)).json()
    const companyId = company.results[0].id
    expect(
      (
        await hs(
          'PUT',
          `/crm/v4/objects/contact/${ada.id}/associations/default/company/${companyId}`,
          undefined,
          fresh,
        )
      ).status,
    ).toBe(200)

    const repo = createSimulationRepo(t.db)
    const objects: AccountObjects = {
      get: (kind, scope, num) => repo.get(t.workspaceId, fresh, kind, scope, num),
      put: () => {
        throw new Error('read only')
      },
      page: (kind, scope, tag, limit, offset, order) =>
        repo.page(t.workspaceId, fresh, kind, scope, tag, limit, offset, order),
    }
    const state = JSON.parse(repo.account(t.workspaceId, fresh)!.state)
    const [contacts, companies] = sim.accountView!(objects, state)
    expect(contacts!.title).toBe('Contacts')
    expect(contacts!.rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['Grace Hopper', 'grace.hopper@example.com', ''],
      ['Ada Lovelace', 'ada@lovelace.example', 'Hopper Labs'],
    ])
    expect(companies!.rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['Hopper Labs', 'hopperlabs.example', '1'],
    ])
  })
})

describe('simulated HubSpot state', () => {
  it('reset clears it', async () => {
    expect(objectCount()).toBeGreaterThan(0)
    const res = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    expect(objectCount()).toBe(0)
  })

  it('survives a restart of the gateway: contacts, associations and the email rule', async () => {
    const data = tempDir()
    try {
      let server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const id = await simulatedConnect(server, 'hubspot', 'acme')
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${server.url}/proxy/${id}${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        })
      const kept = await (
        await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'kept@example.com' } })
      ).json()
      const org = await (
        await call('POST', '/crm/v3/objects/companies', { properties: { name: 'Kept Co' } })
      ).json()
      expect(
        (await call('PUT', `/crm/v4/objects/contacts/${kept.id}/associations/default/companies/${org.id}`))
          .status,
      ).toBe(200)
      await server.close()
      server = await startQuietServer(data.dir)
      const got = await call('GET', `/crm/v3/objects/contacts/${kept.id}?associations=companies`)
      expect(got.status).toBe(200)
      expect((await got.json()).associations.companies.results).toEqual([
        { id: org.id, type: 'contact_to_company_unlabeled' },
      ])
      expect(
        (await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'KEPT@example.com' } }))
          .status,
      ).toBe(409)
      await server.close()
    } finally {
      data.cleanup()
    }
  })
})
