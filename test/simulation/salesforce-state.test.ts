import { join } from 'node:path'
import { Connection } from 'jsforce'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { proxyCall, simulatedConnect } from './helpers.js'

/** The simulated Salesforce org's state: `seed demo`, fixtures, the dashboard's view, reset, restart, snapshots. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const V = '/services/data/v62.0'
const soql = (q: string) => `${V}/query?q=${encodeURIComponent(q)}`

describe('seed demo, fixtures, the view and a reset of the simulated Salesforce', () => {
  it('seeds accounts, contacts and opportunities through the REST API; the view shows them', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_salesforce_requests).toBe(10)
    const [org] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'salesforce'")
      .all() as Array<{ id: string }>
    const conn = org!.id
    const names = await proxyCall(t, conn, 'GET', soql('SELECT Name FROM Account ORDER BY Name'))
    expect(names.records.map((r: { Name: string }) => r.Name)).toEqual([
      'Acme Corporation',
      'Globex',
      'Initech',
    ])
    const initech = await proxyCall(
      t,
      conn,
      'GET',
      soql("SELECT LastName FROM Contact WHERE Title != 'CTO' AND Email LIKE '%initech%' ORDER BY LastName"),
    )
    expect(initech.records.map((r: { LastName: string }) => r.LastName)).toEqual(['Gibbons', 'Lumbergh'])
    const won = await proxyCall(
      t,
      conn,
      'GET',
      soql('SELECT Name, Amount FROM Opportunity WHERE IsWon = true'),
    )
    expect(won.records).toMatchObject([{ Name: 'Initech: TPS reports', Amount: 9000 }])

    const res = await t.req('GET', `/api/connections/${conn}/simulation`, { key: t.secretKey })
    const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
    expect(view.sections.map((s) => s.title)).toEqual(['Accounts', 'Contacts', 'Opportunities'])
    expect(view.sections[0]!.rows.map((r) => r[1])).toEqual(['Initech', 'Globex', 'Acme Corporation'])
    expect(view.sections[2]!.rows).toHaveLength(3)
  })

  it('the example calls answer on the seeded org', async () => {
    const [org] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'salesforce'")
      .all() as Array<{ id: string }>
    const { salesforceExampleCalls } = await import('../../src/core/providers-kit/salesforce/view.js')
    for (const call of salesforceExampleCalls) await proxyCall(t, org!.id, call.method, call.path, call.body)
  })

  it('a fixture-declared Salesforce connection answers; a snapshot carries its org; a reset forgets it', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [{ id: 'conn_acme_sfdc', provider: 'salesforce', tenant_id: 'acme-fixture' }],
        },
      ],
    })
    const created = await proxyCall(t, 'conn_acme_sfdc', 'POST', `${V}/sobjects/Account`, {
      Name: 'Fixture Co',
    })
    expect(created).toMatchObject({ success: true, errors: [] })
    const out = tempDir('switchyard-sfdc-snapshot-')
    try {
      const file = join(out.dir, 'org.db')
      await t.core.snapshots.export(file)
      const del = await t.req('DELETE', `/proxy/conn_acme_sfdc${V}/sobjects/Account/${created.id}`, {
        key: t.secretKey,
      })
      expect(del.status).toBe(204)
      t.core.snapshots.import(file)
      const back = await proxyCall(t, 'conn_acme_sfdc', 'GET', `${V}/sobjects/Account/${created.id}`)
      expect(back).toMatchObject({ Id: created.id, Name: 'Fixture Co', IsDeleted: false })
    } finally {
      out.cleanup()
    }
    const reset = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(reset.status).toBeLessThan(300)
    const left = t.db
      .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'salesforce'")
      .get() as { n: number }
    expect(left.n).toBe(0)
  })
})

describe('the simulated org across a restart of the gateway', () => {
  it('keeps records and id counters on the same data folder', async () => {
    const data = tempDir('switchyard-sfdc-restart-')
    try {
      let server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server, 'salesforce', 'acme')
      const sf = () =>
        new Connection({ instanceUrl: `${server.url}/proxy/${conn}`, accessToken: key, version: '62.0' })
      const made = await sf().sobject('Opportunity').create({
        Name: 'Kept',
        StageName: 'Prospecting',
        CloseDate: '2027-01-01',
      })
      await server.close()
      server = await startQuietServer(data.dir)
      expect(await sf().sobject('Opportunity').retrieve(made.id!)).toMatchObject({ Name: 'Kept' })
      const again = await sf().sobject('Opportunity').create({
        Name: 'After',
        StageName: 'Prospecting',
        CloseDate: '2027-01-02',
      })
      expect(again.id).not.toBe(made.id)
      expect((await sf().query('SELECT Name FROM Opportunity')).totalSize).toBe(2)
      await server.close()
    } finally {
      data.cleanup()
    }
  })
})
