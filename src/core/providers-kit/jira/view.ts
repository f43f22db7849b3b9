import type { ProviderSimulation } from '../kit/provider-kit.js'
import { type JiraState, STATUSES, type StoredIssue } from './state.js'

type View = Required<Pick<ProviderSimulation<JiraState>, 'accountView' | 'exampleCalls'>>

/** The project, its people and its newest issues, for the connection detail view. */
export const jiraAccountView: View['accountView'] = (objects, state) => {
  const issues = objects.page('issue', '', null, 50, 0).rows.map((r) => JSON.parse(r) as StoredIssue)
  const person = (id: string | null) => state.users.find((u) => u.accountId === id)?.displayName ?? ''
  return [
    {
      title: 'Project',
      columns: ['Key', 'Name', 'Issue types', 'Workflow'],
      rows: [[state.project.key, state.project.name, 'Task', STATUSES.map((s) => s.name).join(' → ')]],
    },
    {
      title: 'Users',
      columns: ['Account id', 'Name', 'Email'],
      rows: state.users.map((u) => [u.accountId, u.displayName, u.emailAddress]),
    },
    {
      title: 'Issues',
      columns: ['Key', 'Summary', 'Status', 'Assignee', 'Comments'],
      rows: issues.map((i) => [
        i.key,
        i.summary,
        STATUSES.find((s) => s.id === i.statusId)?.name ?? i.statusId,
        person(i.assigneeId),
        String(objects.page('comment', i.id, null, 1, 0).total),
      ]),
    },
  ]
}

export const jiraExampleCalls: View['exampleCalls'] = [
  {
    label: 'Search the project (JQL)',
    method: 'GET',
    path: '/rest/api/3/search/jql?jql=project%20%3D%20SY%20ORDER%20BY%20created%20DESC&fields=summary,status&maxResults=10',
  },
  {
    label: 'Create a task',
    method: 'POST',
    path: '/rest/api/3/issue',
    body: {
      fields: {
        project: { key: 'SY' },
        issuetype: { name: 'Task' },
        summary: 'Works offline',
        description: {
          type: 'doc',
          version: 1,
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Made in the API panel.' }] }],
        },
      },
    },
  },
  { label: 'Transitions of SY-1', method: 'GET', path: '/rest/api/3/issue/SY-1/transitions' },
]
