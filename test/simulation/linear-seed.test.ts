import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** `seed demo` gives the demo a simulated Linear workspace with issues and comments. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const QUERY =
  '{ teams { nodes { key } } issues(first: 10) { nodes { identifier title comments { nodes { body } } } } }'

describe('seed demo and the simulated Linear', () => {
  it('fills the Linear connection through its own GraphQL API', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_linear_requests).toBe(7)
    const [linear] = t.db
      .prepare("SELECT id FROM connections WHERE provider = 'linear' AND status = 'active'")
      .all() as Array<{ id: string }>
    const res = await t.req('POST', `/proxy/${linear!.id}/graphql`, {
      key: t.secretKey,
      body: { query: QUERY },
    })
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as {
      data: {
        teams: { nodes: unknown[] }
        issues: { nodes: Array<{ identifier: string; comments: { nodes: unknown[] } }> }
      }
    }
    expect(data.teams.nodes).toEqual([{ key: 'ENG' }])
    expect(data.issues.nodes.map((i) => i.identifier)).toEqual(['ENG-4', 'ENG-3', 'ENG-2', 'ENG-1'])
    expect(data.issues.nodes.map((i) => i.comments.nodes.length)).toEqual([0, 1, 0, 1])
  })
})
