import { Client } from '@hubspot/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/**
 * The CRM batch APIs through `@hubspot/api-client` unchanged but for its base path: read, create,
 * update and archive contacts and companies, with HubSpot's 207 partial failure.
 */
const data = tempDir('switchyard-hubspot-batch-')
let server: RunningServer
let hubspot: Client
let conn: string
let key: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  conn = await simulatedConnect(server, 'hubspot', 'acme')
  hubspot = new Client({
    accessToken: key,
    basePath: `${server.url}/proxy/${conn}`,
    numberOfApiCallRetries: 0,
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

type Batch = { status: string; results: Array<{ id: string; properties: Record<string, string | null> }> }
type WithErrors = Batch & {
  numErrors?: number
  errors?: Array<{ category: string; context: { ids?: string[] } }>
}

describe('@hubspot/api-client batch APIs against the simulated HubSpot', () => {
  it('creates, reads, updates and archives contacts in batches', async () => {
    const created = (await hubspot.crm.contacts.batchApi.create({
      inputs: [
        { properties: { email: 'grace@example.com', firstname: 'Grace' }, associations: [] },
        { properties: { email: 'linus@example.com', firstname: 'Linus' }, associations: [] },
      ],
    })) as Batch
    expect(created.status).toBe('COMPLETE')
    const ids = created.results.map((r) => r.id)
    expect(created.results.map((r) => r.properties.firstname)).toEqual(['Grace', 'Linus'])

    const read = (await hubspot.crm.contacts.batchApi.read({
      inputs: ids.map((id) => ({ id })),
      properties: ['firstname'],
      propertiesWithHistory: [],
    })) as Batch
    expect(read.results.map((r) => r.properties.firstname)).toEqual(['Grace', 'Linus'])
    expect(read.results[0]!.properties.email).toBeUndefined()

    const updated = (await hubspot.crm.contacts.batchApi.update({
      inputs: [{ id: ids[0]!, properties: { lastname: 'Hopper' } }],
    })) as Batch
    expect(updated.results[0]!.properties).toMatchObject({ firstname: 'Grace', lastname: 'Hopper' })

    await hubspot.crm.contacts.batchApi.archive({ inputs: [{ id: ids[1]! }, { id: '999999' }] })
    await expect(hubspot.crm.contacts.basicApi.getById(ids[1]!)).rejects.toMatchObject({ code: 404 })
  })

  it('answers 207 with errors for the inputs that failed, and the rest as results', async () => {
    const company = await hubspot.crm.companies.basicApi.create({
      properties: { name: 'Acme' },
      associations: [],
    })
    const partial = (await hubspot.crm.companies.batchApi.read({
      inputs: [{ id: company.id }, { id: '424242' }],
      properties: ['name'],
      propertiesWithHistory: [],
    })) as WithErrors
    expect(partial.results.map((r) => r.properties.name)).toEqual(['Acme'])
    expect(partial.numErrors).toBe(1)
    expect(partial.errors![0]).toMatchObject({ category: 'OBJECT_NOT_FOUND', context: { ids: ['424242'] } })

    const raw = await fetch(`${server.url}/proxy/${conn}/crm/v3/objects/companies/batch/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        inputs: [
          { id: company.id, properties: { domain: 'acme.example' } },
          { id: '424242', properties: { name: 'Nobody' } },
        ],
      }),
    })
    expect(raw.status).toBe(207)
    const body = (await raw.json()) as WithErrors
    expect(body.results).toHaveLength(1)
    expect(body.errors![0]!.context.ids).toEqual(['424242'])
  })

  it('files the webhooks the batches caused under the simulated connection and its tenant', async () => {
    await server.core.simulation.settled()
    const rows = server.core.db
      .prepare(
        "SELECT connection_id, tenant_id FROM events WHERE type = 'webhook.received' AND provider = 'hubspot'",
      )
      .all() as Array<{ connection_id: string | null; tenant_id: string | null }>
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row).toEqual({ connection_id: conn, tenant_id: 'acme' })
    const listed = await fetch(`${server.url}/api/events/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { type: { eq: 'webhook.received' }, tenant_id: { eq: 'acme' } } }),
    })
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(rows.length)
  })

  it('refuses a body without inputs and changes nothing', async () => {
    const before = await hubspot.crm.companies.basicApi.getPage(100)
    for (const body of ['{"inputs":"nope"}', '{"inputs":[1]}', `{"inputs":[${'{},'.repeat(100)}{}]}`]) {
      const res = await fetch(`${server.url}/proxy/${conn}/crm/v3/objects/companies/batch/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' })
    }
    expect((await hubspot.crm.companies.basicApi.getPage(100)).results).toHaveLength(before.results.length)
  })
})
