import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const CREATE = `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier } } }`
const COMMENT = `mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success } }`

const ISSUES: ReadonlyArray<{ title: string; priority: number; comment?: string }> = [
  { title: 'Checkout fails when the cart has 100+ items', priority: 1, comment: 'Reproduced on staging.' },
  { title: 'Add retry with backoff to the webhook worker', priority: 2 },
  { title: 'Dark mode for the settings page', priority: 4, comment: 'Design is in Figma.' },
  { title: 'Upgrade the database driver', priority: 3 },
]

/** What `seed demo` puts in a simulated Linear workspace: issues in its team, some with a comment. */
export const linearSeed: DemoSeed = {
  label: 'Linear',
  made: 'issues, comments',
  scopes: ['read', 'write'],
  own: { tenant: 'acme' },
  webhookTypes: ['Issue', 'Comment'],
  fill(run) {
    const [teams] = run([{ method: 'POST', path: '/graphql', body: { query: '{ teams { nodes { id } } }' } }])
    const teamId = (teams?.body as { data?: { teams?: { nodes?: Array<{ id: string }> } } })?.data?.teams
      ?.nodes?.[0]?.id
    if (!teamId) return 1
    const created = run(
      ISSUES.map(
        (i): SeedRequest => ({
          method: 'POST',
          path: '/graphql',
          body: { query: CREATE, variables: { input: { teamId, title: i.title, priority: i.priority } } },
        }),
      ),
    )
    const comments = ISSUES.flatMap((i, n): SeedRequest[] => {
      const id = (created[n]?.body as { data?: { issueCreate?: { issue?: { id: string } } } })?.data
        ?.issueCreate?.issue?.id
      return id && i.comment
        ? [
            {
              method: 'POST',
              path: '/graphql',
              body: { query: COMMENT, variables: { input: { issueId: id, body: i.comment } } },
            },
          ]
        : []
    })
    return 1 + created.length + run(comments).length
  },
}
