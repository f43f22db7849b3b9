import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import type { RunningServer } from '../../src/server/index.js'
import { createTestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { proxyCall, simulatedConnect } from './helpers.js'
import { graphThroughGateway } from './msgraph-client.js'

/** The simulated Graph mailbox's state: restart, reset, snapshots, `seed demo`, fixtures, the view. */
type Message = { id: string; subject: string }
const subjects = (page: { value: Message[] }) => page.value.map((m) => m.subject)

describe('the simulated Graph mailbox across a restart, a snapshot and a reset', () => {
  it('keeps mail across a restart, a snapshot brings it back, reset forgets it', async () => {
    const data = tempDir('switchyard-msgraph-state-')
    let server: RunningServer | undefined
    try {
      server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server, 'outlook-calendar', 'fabrikam')
      let graph = graphThroughGateway(server, conn, key)
      const draft = await graph.api('/me/messages').post({ subject: 'Kept across restarts' })
      await server.close()
      server = await startQuietServer(data.dir)
      graph = graphThroughGateway(server, conn, key)
      expect((await graph.api(`/me/messages/${draft.id}`).get()).subject).toBe('Kept across restarts')

      const file = join(data.dir, 'snap.db')
      const exported = await server.core.snapshots.export(file)
      expect(exported.tables.simulation_objects).toBeGreaterThan(0)
      await graph.api(`/me/messages/${draft.id}`).delete()
      expect(subjects(await graph.api('/me/mailFolders/drafts/messages').get())).toEqual([])
      server.core.snapshots.import(file)
      expect(subjects(await graph.api('/me/mailFolders/drafts/messages').get())).toEqual([
        'Kept across restarts',
      ])

      const reset = await fetch(`${server.url}/api/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(reset.status).toBeLessThan(300)
      const n = (sql: string) => (server!.core.db.prepare(sql).get() as { n: number }).n
      expect(n("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'outlook-calendar'")).toBe(0)
      expect(n('SELECT count(*) AS n FROM simulation_objects')).toBe(0)
    } finally {
      await server?.close()
      data.cleanup()
    }
  })
})

describe('seed demo, fixtures and the view of the simulated Graph', () => {
  it('seed demo fills an Outlook mailbox; the view shows messages, events and subscriptions', async () => {
    const t = await createTestApp()
    try {
      const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
      expect(summary['simulated_outlook-mail_requests']).toBe(6)
      const [row] = t.db
        .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'outlook-mail'")
        .all() as Array<{ id: string }>
      const inbox = await proxyCall(t, row!.id, 'GET', '/v1.0/me/mailFolders/inbox/messages?$select=subject')
      expect(subjects(inbox)).toContain('Note to self: renew domain')
      const events = await proxyCall(t, row!.id, 'GET', '/v1.0/me/events')
      expect(subjects(events)).toEqual(['Weekly sync', 'Customer demo'])
      const res = await t.req('GET', `/api/connections/${row!.id}/simulation`, { key: t.secretKey })
      const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
      expect(view.sections.map((s) => s.title)).toEqual(['Messages', 'Events', 'Subscriptions'])
      expect(view.sections[0]!.rows.map((r) => r[0])).toEqual(
        expect.arrayContaining(['inbox', 'sentitems', 'drafts']),
      )
      expect(view.sections[1]!.rows).toHaveLength(2)
    } finally {
      await t.close()
    }
  })

  it('a fixture-declared Outlook connection answers with its own mailbox', async () => {
    const t = await createTestApp()
    try {
      fixturesOf(t.core).apply({
        workspaces: [
          {
            name: 'default',
            connections: [{ id: 'conn_fixture_outlook', provider: 'outlook-mail', tenant_id: 'northwind' }],
          },
        ],
      })
      const me = await proxyCall(t, 'conn_fixture_outlook', 'GET', '/v1.0/me')
      expect(me.mail).toBe('megan@northwind.example')
      const created = await proxyCall(t, 'conn_fixture_outlook', 'POST', '/v1.0/me/events', {
        subject: 'From a fixture',
        start: { dateTime: '2026-12-10T09:00:00', timeZone: 'UTC' },
        end: { dateTime: '2026-12-10T09:30:00', timeZone: 'UTC' },
      })
      expect(created.subject).toBe('From a fixture')
    } finally {
      await t.close()
    }
  })
})
