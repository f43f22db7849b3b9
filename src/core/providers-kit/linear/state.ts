import type { Connection } from '../../connections/connections.schema.js'
import { hashHex } from '../kit/hash.js'

/** A Linear id: a UUID, derived from the connection so a fresh account is the same every time. */
export const linearId = (seed: string) => {
  const h = hashHex(seed, 32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export interface LinearUser {
  id: string
  name: string
  displayName: string
  email: string
}

export interface LinearWorkflowState {
  id: string
  name: string
  type: 'backlog' | 'unstarted' | 'started' | 'completed' | 'canceled'
  color: string
  position: number
}

/** The simulated workspace: its organization, the token's user, one team and its workflow states. */
export interface LinearState {
  organization: { id: string; name: string; urlKey: string }
  viewer: LinearUser
  team: { id: string; key: string; name: string }
  states: LinearWorkflowState[]
  created_ms: number
  next_issue: number
  next_comment: number
  /** Issue id → its number (the object's key). */
  issues: Record<string, number>
  /** Comment id → its issue's id and its number. */
  comments: Record<string, [issueId: string, num: number]>
}

const STATES: ReadonlyArray<Omit<LinearWorkflowState, 'id'>> = [
  { name: 'Backlog', type: 'backlog', color: '#bec2c8', position: 0 },
  { name: 'Todo', type: 'unstarted', color: '#e2e2e2', position: 1 },
  { name: 'In Progress', type: 'started', color: '#f2c94c', position: 2 },
  { name: 'Done', type: 'completed', color: '#5e6ad2', position: 3 },
  { name: 'Canceled', type: 'canceled', color: '#95a2b3', position: 4 },
]

/** A workspace named after the tenant, with an Engineering team (key ENG) and Linear's default states. */
export function initialState(connection: Connection, nowMs: number): LinearState {
  const seed = connection.id
  const tenant = connection.tenant_id.replace(/[-_]+/g, ' ').trim() || 'Switchyard'
  const name = tenant.replace(/^\w/, (c) => c.toUpperCase())
  const urlKey = name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'switchyard'
  return {
    organization: { id: linearId(`${seed}:org`), name, urlKey },
    viewer: {
      id: linearId(`${seed}:viewer`),
      name: `${name} Admin`,
      displayName: 'admin',
      email: `admin@${urlKey}.example`,
    },
    team: { id: linearId(`${seed}:team`), key: 'ENG', name: 'Engineering' },
    states: STATES.map((s) => ({ ...s, id: linearId(`${seed}:state:${s.name}`) })),
    created_ms: Math.floor(nowMs / 1000) * 1000,
    next_issue: 1,
    next_comment: 1,
    issues: {},
    comments: {},
  }
}

/** An issue as stored (references by id; resolvers.ts joins them). */
export interface StoredIssue {
  id: string
  number: number
  identifier: string
  title: string
  description: string | null
  priority: number
  stateId: string
  assigneeId: string | null
  creatorId: string
  createdAt: string
  updatedAt: string
}

export interface StoredComment {
  id: string
  body: string
  issueId: string
  userId: string
  createdAt: string
  updatedAt: string
}
