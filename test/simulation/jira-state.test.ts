import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { proxyCall, simulatedConnect } from './helpers.js'
import { doc, jiraThroughGateway } from './jira-client.js'

/** The simulated Jira's state: a restart, snapshots, a reset, `seed demo`, fixtures and the view. */
describe('simulated Jira state across a restart, a snapshot and a reset', () => {
  it('keeps issues and comments across a restart; a snapshot carries them; reset clears them', async () => {
    const data = tempDir('switchyard-jira-state-')
    try {
      let server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server, 'jira', 'acme', {
        scopes: ['read:jira-work', 'write:jira-work'],
      })
      let jira = jiraThroughGateway(server, conn, key)
      const created = await jira.issues.createIssue({
        fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, summary: 'Survives a restart' },
      })
      await jira.issueComments.addComment({ issueIdOrKey: created.key, body: doc('Still here') })
      await server.close()

      server = await startQuietServer(data.dir)
      jira = jiraThroughGateway(server, conn, key)
      const issue = await jira.issues.getIssue({ issueIdOrKey: 'SY-1', fields: ['summary', 'comment'] })
      expect(issue.fields!.summary).toBe('Survives a restart')
      expect(issue.fields!.comment.comments[0].body).toEqual(doc('Still here'))
      // The next issue continues the numbering.
      const next = await jira.issues.createIssue({
        fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, summary: 'After' },
      })
      expect(next.key).toBe('SY-2')

      const file = join(data.dir, 'jira.snapshot')
      const exported = await server.core.snapshots.export(file)
      expect(exported.tables.simulation_objects).toBeGreaterThanOrEqual(3)
      const count = () =>
        (
          server.core.db
            .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'jira'")
            .get() as { n: number }
        ).n
      const reset = await fetch(`${server.url}/api/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(reset.status).toBeLessThan(300)
      expect(count()).toBe(0)
      server.core.snapshots.import(file)
      expect(count()).toBe(1)
      const back = await jira.issueSearch.searchAndReconsileIssuesUsingJql({
        jql: 'project = SY',
        fields: ['summary'],
      })
      expect(back.issues!.map((i) => i.fields!.summary)).toEqual(['After', 'Survives a restart'])
      await server.close()
    } finally {
      data.cleanup()
    }
  })
})

describe('seed demo, fixtures and the view of the simulated Jira', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('seeds issues, moves and comments some, and the view shows them', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_jira_requests).toBe(8)
    const [row] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'jira'")
      .all() as Array<{ id: string }>
    const found = await proxyCall(
      t,
      row!.id,
      'GET',
      '/rest/api/3/search/jql?jql=status%20%3D%20%22In%20Progress%22&fields=summary',
    )
    expect(found.issues.map((i: { key: string }) => i.key)).toEqual(['SY-1'])
    const res = await t.req('GET', `/api/connections/${row!.id}/simulation`, { key: t.secretKey })
    const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
    expect(view.sections.map((s) => s.title)).toEqual(['Project', 'Users', 'Issues'])
    expect(view.sections[2]!.rows.map((r) => `${r[0]} ${r[2]} ${r[4]}`)).toEqual([
      'SY-4 To Do 0',
      'SY-3 To Do 1',
      'SY-2 Done 0',
      'SY-1 In Progress 1',
    ])
  })

  it('a fixture-declared Jira connection answers, and a reset forgets its site', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [{ id: 'conn_acme_jira', provider: 'jira', tenant_id: 'acme-fixture' }],
        },
      ],
    })
    const created = await proxyCall(t, 'conn_acme_jira', 'POST', '/rest/api/3/issue', {
      fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, summary: 'From a fixture' },
    })
    expect(created.key).toBe('SY-1')
    const reset = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(reset.status).toBeLessThan(300)
    const left = t.db
      .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'jira'")
      .get() as {
      n: number
    }
    expect(left.n).toBe(0)
  })
})
