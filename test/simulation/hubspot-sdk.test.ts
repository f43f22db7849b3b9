import { Client } from '@hubspot/api-client'
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/associations/v4/models/AssociationSpec.js'
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/contacts/models/Filter.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/**
 * The official SDK, unchanged, against the simulation: `@hubspot/api-client` pointed at
 * <gateway>/proxy/<connection_id> with a Switchyard secret key drives every simulated operation.
 */
const data = tempDir('switchyard-hubspot-sdk-')
let server: RunningServer
let hubspot: Client
let conn: string

/** The SDK's error for a failed call (an ApiException with HubSpot's body). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (err: { code: number; body: Record<string, unknown> }) => err,
  )

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server, 'hubspot', 'acme')
  hubspot = new Client({
    accessToken: firstSecretKey(server),
    basePath: `${server.url}/proxy/${conn}`,
    numberOfApiCallRetries: 0,
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@hubspot/api-client against the simulated HubSpot', () => {
  let ada: string
  let alan: string
  let company: string

  it('creates, reads, updates and lists contacts (basicApi)', async () => {
    const created = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' },
      associations: [],
    })
    ada = created.id
    expect(created.properties).toMatchObject({
      email: 'ada@example.com',
      firstname: 'Ada',
      hs_object_id: ada,
    })
    expect(created.createdAt).toBeInstanceOf(Date)
    expect(created.archived).toBe(false)
    alan = (
      await hubspot.crm.contacts.basicApi.create({
        properties: {
          email: 'alan@example.com',
          firstname: 'Alan',
          lastname: 'Turing',
          jobtitle: 'Mathematician',
        },
        associations: [],
      })
    ).id

    const got = await hubspot.crm.contacts.basicApi.getById(ada, ['email', 'phone'])
    expect(got.properties).toEqual({
      createdate: expect.any(String),
      email: 'ada@example.com',
      hs_object_id: ada,
      lastmodifieddate: expect.any(String),
      phone: null,
    })
    const byEmail = await hubspot.crm.contacts.basicApi.getById(
      'alan@example.com',
      undefined,
      undefined,
      undefined,
      false,
      'email',
    )
    expect(byEmail.id).toBe(alan)

    const updated = await hubspot.crm.contacts.basicApi.update(ada, {
      properties: { phone: '+44 20 7946 0000', lastname: 'King' },
    })
    expect(updated.properties).toMatchObject({ phone: '+44 20 7946 0000', lastname: 'King' })

    const first = await hubspot.crm.contacts.basicApi.getPage(1, undefined, ['email'])
    expect(first.results.map((c) => c.id)).toEqual([ada])
    expect(first.paging?.next?.after).toBe(alan)
    expect(first.paging?.next?.link).toContain(`/proxy/${conn}/crm/v3/objects/contacts?`)
    const second = await hubspot.crm.contacts.basicApi.getPage(1, first.paging!.next!.after, ['email'])
    expect(second.results.map((c) => c.properties.email)).toEqual(['alan@example.com'])
    expect(second.paging).toBeUndefined()
  })

  it('creates, reads, updates and lists companies (basicApi)', async () => {
    const created = await hubspot.crm.companies.basicApi.create({
      properties: { name: 'Analytical Engines Ltd', domain: 'engines.example' },
      associations: [],
    })
    company = created.id
    const got = await hubspot.crm.companies.basicApi.getById(company)
    expect(got.properties).toMatchObject({ name: 'Analytical Engines Ltd', domain: 'engines.example' })
    const updated = await hubspot.crm.companies.basicApi.update(company, {
      properties: { industry: 'COMPUTER_SOFTWARE' },
    })
    expect(updated.properties.industry).toBe('COMPUTER_SOFTWARE')
    const page = await hubspot.crm.companies.basicApi.getPage()
    expect(page.results.map((c) => c.id)).toEqual([company])
  })

  it('associates contacts and companies (associations.v4.basicApi) and reads them back', async () => {
    const done = await hubspot.crm.associations.v4.basicApi.createDefault(
      'contacts',
      ada,
      'companies',
      company,
    )
    expect(done.status).toBe('COMPLETE')
    const labelled = await hubspot.crm.associations.v4.basicApi.create(
      'contacts',
      alan,
      'companies',
      company,
      [{ associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId: 1 }],
    )
    expect(labelled.labels).toEqual(['Primary'])
    const ofCompany = await hubspot.crm.associations.v4.basicApi.getPage('companies', company, 'contacts')
    expect(ofCompany.results.map((r) => String(r.toObjectId))).toEqual([ada, alan])
    expect(ofCompany.results[1]!.associationTypes).toEqual([
      { category: 'HUBSPOT_DEFINED', typeId: 2, label: 'Primary' },
    ])
    const ofAda = await hubspot.crm.associations.v4.basicApi.getPage('contacts', ada, 'companies')
    expect(ofAda.results).toEqual([
      {
        toObjectId: Number(company),
        associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 279, label: null }],
      },
    ])
    const withAssociations = await hubspot.crm.contacts.basicApi.getById(ada, undefined, undefined, [
      'companies',
    ])
    expect(withAssociations.associations?.companies?.results).toEqual([
      { id: company, type: 'contact_to_company_unlabeled' },
    ])
    await hubspot.crm.associations.v4.basicApi.archive('contacts', ada, 'companies', company)
    const after = await hubspot.crm.associations.v4.basicApi.getPage('companies', company, 'contacts')
    expect(after.results.map((r) => String(r.toObjectId))).toEqual([alan])
  })

  it('searches with filter groups, sorts, query and paging (searchApi.doSearch)', async () => {
    const found = await hubspot.crm.contacts.searchApi.doSearch({
      filterGroups: [
        {
          filters: [
            { propertyName: 'email', operator: FilterOperatorEnum.ContainsToken, value: '*@example.com' },
          ],
        },
      ],
      sorts: ['-lastname'],
      properties: ['email', 'lastname'],
      limit: 1,
      after: '0',
    })
    expect(found.total).toBe(2)
    expect(found.results.map((c) => c.properties.lastname)).toEqual(['Turing'])
    expect(found.paging?.next?.after).toBe('1')
    const either = await hubspot.crm.contacts.searchApi.doSearch({
      filterGroups: [
        { filters: [{ propertyName: 'firstname', operator: FilterOperatorEnum.Eq, value: 'ada' }] },
        {
          filters: [
            { propertyName: 'jobtitle', operator: FilterOperatorEnum.HasProperty },
            { propertyName: 'lastname', operator: FilterOperatorEnum.In, values: ['Turing', 'Hopper'] },
          ],
        },
      ],
      sorts: [],
      properties: ['email'],
      limit: 10,
      after: '0',
    })
    expect(either.results.map((c) => c.properties.email).sort()).toEqual([
      'ada@example.com',
      'alan@example.com',
    ])
    const byQuery = await hubspot.crm.companies.searchApi.doSearch({
      query: 'analytical',
      filterGroups: [],
      sorts: [],
      properties: ['name'],
      limit: 10,
      after: '0',
    })
    expect(byQuery.results.map((c) => c.id)).toEqual([company])
  })

  it('archives contacts and companies (basicApi.archive): gone from reads and lists', async () => {
    await hubspot.crm.contacts.basicApi.archive(alan)
    const err = await failure(hubspot.crm.contacts.basicApi.getById(alan))
    expect(err.code).toBe(404)
    expect(err.body).toMatchObject({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      correlationId: expect.any(String),
    })
    const archived = await hubspot.crm.contacts.basicApi.getById(alan, undefined, undefined, undefined, true)
    expect(archived.archived).toBe(true)
    const page = await hubspot.crm.contacts.basicApi.getPage()
    expect(page.results.map((c) => c.id)).toEqual([ada])

    const gone = await hubspot.crm.companies.basicApi.create({
      properties: { name: 'Gone Ltd' },
      associations: [],
    })
    await hubspot.crm.companies.basicApi.archive(gone.id)
    expect((await failure(hubspot.crm.companies.basicApi.getById(gone.id))).code).toBe(404)
    expect((await hubspot.crm.companies.basicApi.getPage()).results.map((c) => c.id)).toEqual([company])
  })

  it('surfaces HubSpot’s errors as the SDK’s ApiException with HubSpot’s body', async () => {
    const duplicate = await failure(
      hubspot.crm.contacts.basicApi.create({ properties: { email: 'ADA@example.com' }, associations: [] }),
    )
    expect(duplicate.code).toBe(409)
    expect(duplicate.body).toMatchObject({
      category: 'CONFLICT',
      message: `Contact already exists. Existing ID: ${ada}`,
    })
    const unknown = await failure(
      hubspot.crm.contacts.basicApi.create({ properties: { favourite_colour: 'green' }, associations: [] }),
    )
    expect(unknown.code).toBe(400)
    expect(unknown.body).toMatchObject({ category: 'VALIDATION_ERROR' })
    expect(String(unknown.body.message)).toContain('PROPERTY_DOESNT_EXIST')
  })
})
