import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const doc = (text: string) => ({
  type: 'doc',
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
})

const ISSUES: ReadonlyArray<{ summary: string; transition?: string; comment?: string }> = [
  {
    summary: 'Checkout fails when the cart has 100+ items',
    transition: '21',
    comment: 'Reproduced on staging.',
  },
  { summary: 'Add retry with backoff to the webhook worker', transition: '31' },
  { summary: 'Dark mode for the settings page', comment: 'Design is ready.' },
  { summary: 'Upgrade the database driver' },
]

/** What `seed demo` puts in a simulated Jira site: tasks in project SY, some moved on or commented. */
export const jiraSeed: DemoSeed = {
  label: 'Jira',
  made: 'issues, transitions, comments',
  scopes: ['read:jira-work', 'write:jira-work', 'read:jira-user'],
  own: { tenant: 'acme' },
  webhookTypes: ['jira:issue_created', 'comment_created'],
  fill(run) {
    const created = run(
      ISSUES.map(
        (i): SeedRequest => ({
          method: 'POST',
          path: '/rest/api/3/issue',
          body: { fields: { project: { key: 'SY' }, issuetype: { name: 'Task' }, summary: i.summary } },
        }),
      ),
    )
    const follow = ISSUES.flatMap((i, n): SeedRequest[] => {
      const key = (created[n]?.body as { key?: string } | undefined)?.key
      if (!key) return []
      return [
        ...(i.transition
          ? [
              {
                method: 'POST',
                path: `/rest/api/3/issue/${key}/transitions`,
                body: { transition: { id: i.transition } },
              },
            ]
          : []),
        ...(i.comment
          ? [{ method: 'POST', path: `/rest/api/3/issue/${key}/comment`, body: { body: doc(i.comment) } }]
          : []),
      ]
    })
    return created.length + run(follow).length
  },
}
