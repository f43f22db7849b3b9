import { Connection } from 'jsforce'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/**
 * The official SDK, unchanged, against the simulated Salesforce: jsforce's Connection with
 * `instanceUrl: <gateway>/proxy/<connection_id>`, a Switchyard secret key as its access token and
 * `version: '62.0'`; errors are checked as jsforce raises them (`HttpApiError`, `errorCode`, `data`).
 */
const data = tempDir('switchyard-salesforce-sdk-')
let server: RunningServer
let key: string
let conn: string
let sf: Connection

const clientFor = (connectionId: string, accessToken = key) =>
  new Connection({ instanceUrl: `${server.url}/proxy/${connectionId}`, accessToken, version: '62.0' })
type SfError = Error & { errorCode: string; data: { message: string; errorCode: string; fields?: string[] } }
const failure = (call: PromiseLike<unknown>) =>
  Promise.resolve(call).then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: SfError) => e,
  )
const api = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const count = async (soql: string) => (await sf.query(soql)).totalSize

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  // The paging test makes 250 records: more calls than the free tier allows in a minute.
  server.core.workspaces.setTier('default', 'enterprise', 100_000)
  conn = await simulatedConnect(server, 'salesforce', 'acme')
  sf = clientFor(conn)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('jsforce against the simulated Salesforce', () => {
  it('sobject create, retrieve, update and destroy for Account, Contact and Opportunity', async () => {
    const account = await sf.sobject('Account').create({ Name: 'Acme', Industry: 'Manufacturing' })
    expect(account).toMatchObject({ success: true, errors: [] })
    expect(account.id).toMatch(/^001[A-Za-z0-9]{15}$/)
    const contact = await sf
      .sobject('Contact')
      .create({ FirstName: 'Ada', LastName: 'Lovelace', AccountId: account.id })
    expect(contact.id).toMatch(/^003[A-Za-z0-9]{15}$/)
    const opp = await sf.sobject('Opportunity').create({
      Name: 'Anvils',
      StageName: 'Prospecting',
      CloseDate: '2027-03-31',
      Amount: 5000,
      AccountId: account.id,
    })
    expect(opp.id).toMatch(/^006[A-Za-z0-9]{15}$/)

    const got = await sf.sobject('Account').retrieve(account.id!)
    expect(got).toMatchObject({
      attributes: { type: 'Account', url: `/services/data/v62.0/sobjects/Account/${account.id}` },
      Id: account.id,
      Name: 'Acme',
      Industry: 'Manufacturing',
      Phone: null,
      IsDeleted: false,
    })
    expect(await sf.sobject('Contact').retrieve(contact.id!)).toMatchObject({
      Name: 'Ada Lovelace',
      AccountId: account.id,
    })

    expect(await sf.sobject('Opportunity').update({ Id: opp.id!, StageName: 'Closed Won' })).toEqual({
      id: opp.id,
      success: true,
      errors: [],
    })
    expect(await sf.sobject('Opportunity').retrieve(opp.id!)).toMatchObject({
      StageName: 'Closed Won',
      IsClosed: true,
      IsWon: true,
      Amount: 5000,
    })
    await sf.sobject('Contact').update({ Id: contact.id!, Title: 'Analyst' })
    expect((await sf.sobject('Contact').retrieve(contact.id!)).Title).toBe('Analyst')

    expect(await sf.sobject('Contact').destroy(contact.id!)).toEqual({
      id: contact.id,
      success: true,
      errors: [],
    })
    const gone = await failure(sf.sobject('Contact').retrieve(contact.id!))
    expect(gone.errorCode).toBe('ENTITY_IS_DELETED')
    expect(await count(`SELECT Id FROM Contact WHERE Id = '${contact.id}'`)).toBe(0)
  })

  it('query: WHERE with AND, !=, LIKE, numbers, booleans and null; ORDER BY; LIMIT', async () => {
    const make = (Name: string, Industry: string | null, NumberOfEmployees: number) =>
      sf.sobject('Account').create({ Name, Industry, NumberOfEmployees })
    await make('Globex', 'Energy', 300)
    await make('Initech', 'Technology', 80)
    await make('Hooli', 'Technology', 5000)
    await make('Nobody Inc', null, 1)
    const names = async (soql: string) => (await sf.query<{ Name: string }>(soql)).records.map((r) => r.Name)
    expect(await names("SELECT Name FROM Account WHERE Industry = 'technology' ORDER BY Name")).toEqual([
      'Hooli',
      'Initech',
    ])
    expect(
      await names("SELECT Name FROM Account WHERE Industry = 'Technology' AND NumberOfEmployees > 100"),
    ).toEqual(['Hooli'])
    expect(await names('SELECT Name FROM Account WHERE Industry = null')).toEqual(['Nobody Inc'])
    expect(
      await names("SELECT Name FROM Account WHERE Name LIKE '%o%' ORDER BY NumberOfEmployees DESC LIMIT 2"),
    ).toEqual(['Hooli', 'Globex'])
    expect(await names("SELECT Name FROM Account WHERE Industry != 'Technology' ORDER BY Name")).toEqual([
      'Acme',
      'Globex',
      'Nobody Inc',
    ])
    expect(await names('SELECT Name FROM Opportunity WHERE IsClosed = true')).toEqual(['Anvils'])
    // jsforce's own query builder writes the same subset.
    const found = await sf
      .sobject('Account')
      .find({ Industry: 'Technology', NumberOfEmployees: { $gt: 50 } }, ['Id', 'Name'])
      .sort({ Name: 1 })
      .limit(10)
    expect(found.map((r) => r.Name)).toEqual(['Hooli', 'Initech'])
    const result = await sf.query('SELECT Id, Name FROM Account ORDER BY Name LIMIT 1')
    expect(result).toMatchObject({ totalSize: 1, done: true })
    expect(Object.keys(result.records[0]!)).toEqual(['attributes', 'Id', 'Name'])
  })

  it('query batches: nextRecordsUrl and queryMore honour Sforce-Query-Options batchSize (200..2000)', async () => {
    for (let i = 0; i < 250; i++)
      await sf.sobject('Contact').create({ LastName: `Bulk ${String(i).padStart(3, '0')}` })
    const soql = "SELECT Id, LastName FROM Contact WHERE LastName LIKE 'Bulk%' ORDER BY LastName"
    const headers = { 'Sforce-Query-Options': 'batchSize=200' }
    const first = await sf.query<{ LastName: string }>(soql, { autoFetch: false, headers })
    expect(first).toMatchObject({ totalSize: 250, done: false })
    expect(first.records).toHaveLength(200)
    expect(first.nextRecordsUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/proxy\/[^/]+\/services\/data\/v62\.0\/query\/01g[A-Za-z0-9]{15}-200$/,
    )
    const rest = await sf.queryMore<{ LastName: string }>(first.nextRecordsUrl!)
    expect(rest).toMatchObject({ totalSize: 250, done: true })
    expect(rest.records.map((r) => r.LastName)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Bulk ${String(200 + i).padStart(3, '0')}`),
    )
    // The SDK's own pager follows nextRecordsUrl to the end.
    const all = await sf.query<{ LastName: string }>(soql, { autoFetch: true, maxFetch: 1000, headers })
    expect(all.records).toHaveLength(250)
    expect(new Set(all.records.map((r) => r.LastName)).size).toBe(250)
    // A batch size under 200 is raised to 200; without the header one batch holds up to 2000.
    const small = await sf.query(soql, {
      autoFetch: false,
      headers: { 'Sforce-Query-Options': 'batchSize=10' },
    })
    expect(small.records).toHaveLength(200)
    expect(await sf.query(soql, { autoFetch: false })).toMatchObject({ done: true, totalSize: 250 })
    const raw = await fetch(
      `${server.url}/proxy/${conn}/services/data/v62.0/query?q=${encodeURIComponent(soql)}`,
      {
        headers: { authorization: `Bearer ${key}`, 'sforce-query-options': 'batchSize=200' },
      },
    )
    const body = (await raw.json()) as { nextRecordsUrl: string }
    expect(body.nextRecordsUrl).toMatch(/^\/services\/data\/v62\.0\/query\/01g[A-Za-z0-9]{15}-200$/)
    const bad = await failure(sf.queryMore('01gNOPE'))
    expect(bad.errorCode).toBe('INVALID_QUERY_LOCATOR')
  })

  it("errors are Salesforce's arrays, raised by jsforce with their errorCode, and change nothing", async () => {
    const before = await count('SELECT Id FROM Account')
    const missing = await failure(sf.sobject('Opportunity').create({ Name: 'No stage' }))
    expect(missing.errorCode).toBe('REQUIRED_FIELD_MISSING')
    expect(missing.data).toEqual({
      message: 'Required fields are missing: [StageName, CloseDate]',
      errorCode: 'REQUIRED_FIELD_MISSING',
      fields: ['StageName', 'CloseDate'],
    })
    const unknownField = await failure(sf.sobject('Account').create({ Name: 'X', Colour: 'red' }))
    expect(unknownField.errorCode).toBe('INVALID_FIELD')
    expect(unknownField.message).toBe("No such column 'Colour' on sobject of type Account")
    const wrongType = await failure(sf.sobject('Account').create({ Name: 'X', NumberOfEmployees: 'many' }))
    expect(wrongType.errorCode).toBe('JSON_PARSER_ERROR')
    const badLookup = await failure(
      sf.sobject('Contact').create({ LastName: 'X', AccountId: '001000000000000AAA' }),
    )
    expect(badLookup.errorCode).toBe('FIELD_INTEGRITY_EXCEPTION')
    expect(await count('SELECT Id FROM Account')).toBe(before)

    const [acme] = (await sf.query<{ Id: string }>("SELECT Id FROM Account WHERE Name = 'Acme'")).records
    const cleared = await failure(sf.sobject('Account').update({ Id: acme!.Id, Name: null }))
    expect(cleared.errorCode).toBe('REQUIRED_FIELD_MISSING')
    const readOnly = await failure(sf.sobject('Account').update({ Id: acme!.Id, CreatedDate: '2020-01-01' }))
    expect(readOnly.errorCode).toBe('INVALID_FIELD_FOR_INSERT_UPDATE')
    expect((await sf.sobject('Account').retrieve(acme!.Id)).Name).toBe('Acme')

    const notFound = await failure(sf.sobject('Account').retrieve('001000000000000AAA'))
    expect(notFound.errorCode).toBe('NOT_FOUND')
    expect((await failure(sf.sobject('Contact').destroy(acme!.Id))).errorCode).toBe('NOT_FOUND')

    const malformed = await failure(sf.query('SELECT Name FROM Account WHERE'))
    expect(malformed.errorCode).toBe('MALFORMED_QUERY')
    expect(malformed.message).toContain('ERROR at Row:1:Column:31')
    const badColumn = await failure(sf.query('SELECT Colour FROM Account'))
    expect(badColumn.errorCode).toBe('INVALID_FIELD')
    expect(badColumn.message).toContain("No such column 'Colour' on entity 'Account'")
    expect((await failure(sf.query('SELECT Id FROM Widget'))).errorCode).toBe('INVALID_TYPE')
    const quoted = await failure(sf.query("SELECT Id FROM Account WHERE NumberOfEmployees = '5'"))
    expect(quoted.errorCode).toBe('INVALID_FIELD')

    // A key the gateway does not know is refused by the gateway itself, before any simulated org.
    const stranger = await failure(clientFor(conn, 'sk_not_a_key').query('SELECT Id FROM Account'))
    expect(stranger.errorCode).toBe('ERROR_HTTP_401')
  })

  it('faults: revoke_access is INVALID_SESSION_ID, expire_token is refreshed, rate_limit REQUEST_LIMIT_EXCEEDED, server_error UNKNOWN_EXCEPTION', async () => {
    const fault = async (id: string, body: unknown) =>
      expect((await api(`/api/connections/${id}/faults`, body)).status).toBeLessThan(300)
    const other = await simulatedConnect(server, 'salesforce', 'faulty')
    const client = clientFor(other)
    await client.sobject('Account').create({ Name: 'Faulty' })

    await fault(other, { kind: 'rate_limit', count: 1 })
    const limited = await failure(client.query('SELECT Id FROM Account'))
    expect(limited.errorCode).toBe('REQUEST_LIMIT_EXCEEDED')
    const raw = await fetch(
      `${server.url}/proxy/${other}/services/data/v62.0/query?q=SELECT+Id+FROM+Account`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    )
    expect(raw.status).toBe(200)
    expect(raw.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/15000$/)

    await fault(other, { kind: 'rate_limit', count: 1 })
    const limitedRaw = await fetch(
      `${server.url}/proxy/${other}/services/data/v62.0/query?q=SELECT+Id+FROM+Account`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    )
    expect(limitedRaw.status).toBe(403)
    expect(limitedRaw.headers.get('sforce-limit-info')).toBe('api-usage=15000/15000')

    await fault(other, { kind: 'server_error', count: 1 })
    const failed = await fetch(
      `${server.url}/proxy/${other}/services/data/v62.0/query?q=SELECT+Id+FROM+Account`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    )
    expect(failed.status).toBe(500)
    expect(await failed.json()).toMatchObject([{ errorCode: 'UNKNOWN_EXCEPTION' }])
    // jsforce retries a 5xx itself (up to five times), so one failure does not reach the caller.
    await fault(other, { kind: 'server_error', count: 1 })
    expect((await client.query('SELECT Id FROM Account')).totalSize).toBe(1)
    await fault(other, { kind: 'latency', ms: 20, count: 1 })
    expect((await client.query('SELECT Name FROM Account')).records).toHaveLength(1)

    // An expired session is refreshed by the proxy once, so the call goes through.
    await fault(other, { kind: 'expire_token' })
    expect((await client.query('SELECT Name FROM Account')).totalSize).toBe(1)
    const third = await simulatedConnect(server, 'salesforce', 'revoked')
    await fault(third, { kind: 'revoke_access' })
    expect((await failure(clientFor(third).query('SELECT Id FROM Account'))).errorCode).toBe(
      'INVALID_SESSION_ID',
    )
  })
})
