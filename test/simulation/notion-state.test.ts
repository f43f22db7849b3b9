import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { Client, collectPaginatedAPI } from '@notionhq/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import type { RunningServer } from '../../src/server/index.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { proxyCall, simulatedConnect } from './helpers.js'

/** The simulated Notion's state: `seed demo`, fixtures, the view, reset, restart and snapshots. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Page = { properties: Record<string, { title?: Array<{ plain_text: string }> }> }
const titles = (pages: Page[], name = 'Name') => pages.map((p) => p.properties[name]!.title![0]!.plain_text)

describe('seed demo, fixtures and the view of the simulated Notion', () => {
  it('seeds tasks and a notes page, and the view shows them', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_notion_requests).toBe(7)
    const [row] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'notion'")
      .all() as Array<{ id: string }>
    const conn = row!.id
    const sources = await proxyCall(t, conn, 'POST', '/v1/search', {
      filter: { property: 'object', value: 'data_source' },
    })
    const tasks = await proxyCall(t, conn, 'POST', `/v1/data_sources/${sources.results[0].id}/query`, {
      filter: { property: 'Points', number: { greater_than_or_equal_to: 5 } },
      sorts: [{ property: 'Points', direction: 'ascending' }],
    })
    expect(titles(tasks.results)).toEqual(['Fix the sign-up form on mobile', 'Plan the Q1 roadmap'])
    const res = await t.req('GET', `/api/connections/${conn}/simulation`, { key: t.secretKey })
    const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
    expect(view.sections.map((s) => s.title)).toEqual(['Pages', 'Data sources'])
    expect(view.sections[0]!.rows.map((r) => r[1])).toContain('Meeting notes')
    expect(view.sections[1]!.rows[0]![3]).toBe('Name, Done, Status, Points')
  })

  it('a fixture-declared Notion connection answers, and a reset forgets its account', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [{ id: 'conn_acme_notion', provider: 'notion', tenant_id: 'acme-fixture' }],
        },
      ],
    })
    const me = await proxyCall(t, 'conn_acme_notion', 'GET', '/v1/users/me')
    expect(me).toMatchObject({ type: 'bot', bot: { workspace_name: 'acme-fixture workspace' } })
    const reset = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(reset.status).toBeLessThan(300)
    const left = t.db
      .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'notion'")
      .get() as {
      n: number
    }
    expect(left.n).toBe(0)
  })
})

describe('the simulated Notion across a restart and a snapshot', () => {
  it('keeps pages across a restart of the gateway, and a snapshot carries them', async () => {
    const data = tempDir('switchyard-notion-state-')
    let server: RunningServer | undefined
    try {
      server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server, 'notion', 'acme')
      const client = () => new Client({ auth: key, baseUrl: `${server!.url}/proxy/${conn}` })
      const [source] = (await client().search({ filter: { property: 'object', value: 'data_source' } }))
        .results
      await client().pages.create({
        parent: { data_source_id: source!.id },
        properties: { Name: { title: [{ text: { content: 'Survives' } }] } },
      })
      const file = join(data.dir, 'notion.snapshot')
      await server.core.snapshots.export(file)
      await server.close()
      server = await startQuietServer(data.dir)
      const kept = await collectPaginatedAPI(client().dataSources.query, { data_source_id: source!.id })
      expect(titles(kept as Page[])).toEqual(['Survives'])
      await client().pages.create({
        parent: { data_source_id: source!.id },
        properties: { Name: { title: [{ text: { content: 'After the snapshot' } }] } },
      })
      server.core.snapshots.import(file)
      const restored = await collectPaginatedAPI(client().dataSources.query, { data_source_id: source!.id })
      expect(titles(restored as Page[])).toEqual(['Survives'])
      rmSync(file, { force: true })
    } finally {
      await server?.close()
      data.cleanup()
    }
  })
})
