import type { ProviderSimulation } from '../kit/provider-kit.js'
import type { LinearState, StoredIssue } from './state.js'

type View = Required<Pick<ProviderSimulation<LinearState>, 'accountView' | 'exampleCalls'>>

/** The team, its workflow states and its newest issues, for the connection detail view. */
export const linearAccountView: View['accountView'] = (objects, state) => {
  const issues = objects.page('issue', '', null, 20, 0).rows.map((r) => JSON.parse(r) as StoredIssue)
  const stateName = (id: string) => state.states.find((s) => s.id === id)?.name ?? id
  return [
    {
      title: 'Team',
      columns: ['Key', 'Name', 'ID', 'Workflow states'],
      rows: [[state.team.key, state.team.name, state.team.id, state.states.map((s) => s.name).join(', ')]],
    },
    {
      title: 'Issues',
      columns: ['Identifier', 'Title', 'State', 'Priority', 'Comments'],
      rows: issues.map((i) => [
        i.identifier,
        i.title,
        stateName(i.stateId),
        String(i.priority),
        String(objects.page('comment', i.id, null, 1, 0).total),
      ]),
    },
  ]
}

export const linearExampleCalls: View['exampleCalls'] = [
  {
    label: 'Who this token is (viewer)',
    method: 'POST',
    path: '/graphql',
    body: { query: '{ viewer { id name email } }' },
  },
  {
    label: 'Teams and their workflow states',
    method: 'POST',
    path: '/graphql',
    body: { query: '{ teams { nodes { id key name states { nodes { id name type } } } } }' },
  },
  {
    label: 'First issues',
    method: 'POST',
    path: '/graphql',
    body: {
      query: '{ issues(first: 10) { nodes { id identifier title } pageInfo { hasNextPage endCursor } } }',
    },
  },
]
