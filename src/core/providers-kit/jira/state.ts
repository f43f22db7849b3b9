import type { Connection } from '../../connections/connections.schema.js'
import { hashHex } from '../kit/hash.js'

/** An Atlassian account id: `712020:` and a UUID, derived from the connection so it is stable. */
const accountIdOf = (seed: string) => {
  const h = hashHex(seed, 32)
  return `712020:${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export interface JiraUser {
  accountId: string
  displayName: string
  emailAddress: string
}

export interface JiraStatus {
  id: string
  name: string
  category: { id: number; key: string; colorName: string; name: string }
}

/** The default workflow's statuses, as a new Jira Cloud site has them. */
export const STATUSES: readonly JiraStatus[] = [
  { id: '10000', name: 'To Do', category: { id: 2, key: 'new', colorName: 'blue-gray', name: 'To Do' } },
  {
    id: '3',
    name: 'In Progress',
    category: { id: 4, key: 'indeterminate', colorName: 'yellow', name: 'In Progress' },
  },
  { id: '10001', name: 'Done', category: { id: 3, key: 'done', colorName: 'green', name: 'Done' } },
]

/** The default workflow's global transitions: from any status to the one each names. */
export const TRANSITIONS = [
  { id: '11', name: 'To Do', to: '10000' },
  { id: '21', name: 'In Progress', to: '3' },
  { id: '31', name: 'Done', to: '10001' },
] as const

export const TASK = { id: '10001', name: 'Task', description: 'A small, distinct piece of work.' }

/** The simulated site: one project (key SY) with the Task type, the token's user and a teammate. */
export interface JiraState {
  project: { id: string; key: string; name: string }
  users: JiraUser[]
  next_issue: number
  next_comment: number
  next_changelog: number
  /** Issue key and id → its number (the object's key). */
  issues: Record<string, number>
}

export const FIRST_ISSUE_ID = 10_000

export function initialState(connection: Connection): JiraState {
  const tenant = connection.tenant_id.replace(/[-_]+/g, ' ').trim() || 'Switchyard'
  const name = tenant.replace(/^\w/, (c) => c.toUpperCase())
  const domain = name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'switchyard'
  return {
    project: { id: '10000', key: 'SY', name },
    users: [
      {
        accountId: accountIdOf(`${connection.id}:viewer`),
        displayName: `${name} Admin`,
        emailAddress: `admin@${domain}.example`,
      },
      {
        accountId: accountIdOf(`${connection.id}:teammate`),
        displayName: 'Grace Hopper',
        emailAddress: `grace@${domain}.example`,
      },
    ],
    next_issue: 1,
    next_comment: 1,
    next_changelog: 1,
    issues: {},
  }
}

/** An Atlassian Document Format document (what v3 takes and returns for rich text). */
export interface Adf {
  type: 'doc'
  version: 1
  content: unknown[]
}

/** An issue as stored; representations.ts joins its references. */
export interface StoredIssue {
  id: string
  num: number
  key: string
  summary: string
  description: Adf | null
  statusId: string
  assigneeId: string | null
  reporterId: string
  labels: string[]
  createdMs: number
  updatedMs: number
  statusChangedMs: number
}

export interface StoredComment {
  id: string
  issueId: string
  body: Adf
  authorId: string
  createdMs: number
  updatedMs: number
}
