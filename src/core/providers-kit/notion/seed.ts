import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const TASKS = [
  { name: 'Write the launch post', status: 'In progress', points: 3, done: false },
  { name: 'Fix the sign-up form on mobile', status: 'Not started', points: 5, done: false },
  { name: 'Renew the TLS certificate', status: 'Done', points: 1, done: true },
  { name: 'Plan the Q1 roadmap', status: 'Not started', points: 8, done: false },
]

/** What `seed demo` puts in a simulated Notion workspace: tasks in its Tasks database, and a notes page. */
export const notionSeed: DemoSeed = {
  label: 'Notion',
  made: 'database pages, a page with blocks',
  scopes: [],
  own: { tenant: 'acme' },
  fill(run) {
    const [found] = run([
      { method: 'POST', path: '/v1/search', body: { filter: { property: 'object', value: 'data_source' } } },
    ])
    const sourceId = (found?.body as { results?: Array<{ id: string }> })?.results?.[0]?.id
    const [pages] = run([
      { method: 'POST', path: '/v1/search', body: { filter: { property: 'object', value: 'page' } } },
    ])
    const pageId = (pages?.body as { results?: Array<{ id: string }> })?.results?.[0]?.id
    if (!sourceId || !pageId) return 2
    const tasks = run(
      TASKS.map(
        (t): SeedRequest => ({
          method: 'POST',
          path: '/v1/pages',
          body: {
            parent: { data_source_id: sourceId },
            properties: {
              Name: { title: [{ text: { content: t.name } }] },
              Status: { select: { name: t.status } },
              Points: { number: t.points },
              Done: { checkbox: t.done },
            },
          },
        }),
      ),
    )
    const notes = run([
      {
        method: 'POST',
        path: '/v1/pages',
        body: {
          parent: { page_id: pageId },
          properties: { title: { title: [{ text: { content: 'Meeting notes' } }] } },
          children: [
            { heading_2: { rich_text: [{ text: { content: 'Decisions' } }] } },
            { to_do: { rich_text: [{ text: { content: 'Ship the beta on Friday' } }], checked: true } },
          ],
        },
      },
    ])
    return 2 + tasks.length + notes.length
  },
}
