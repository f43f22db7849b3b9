import type { LinearState, LinearUser, StoredComment, StoredIssue } from './state.js'

/** Linear's objects as its GraphQL API and its webhooks show them, from the stored records. */

const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Normal', 'Low'] as const

const stamp = (iso: string) => ({ createdAt: iso, updatedAt: iso, archivedAt: null })

export const userOf = (
  state: LinearState,
  id: string | null,
): (LinearUser & Record<string, unknown>) | null =>
  id === state.viewer.id
    ? {
        __typename: 'User',
        ...state.viewer,
        ...stamp(new Date(state.created_ms).toISOString()),
        active: true,
        admin: true,
        guest: false,
        isMe: true,
        avatarUrl: null,
        url: `https://linear.app/${state.organization.urlKey}/profiles/${state.viewer.displayName}`,
        timezone: 'Etc/UTC',
        createdIssueCount: Object.keys(state.issues).length,
      }
    : null

export const teamOf = (state: LinearState) => ({
  __typename: 'Team',
  ...state.team,
  ...stamp(new Date(state.created_ms).toISOString()),
  description: null,
  icon: null,
  color: '#5e6ad2',
  private: false,
  timezone: 'Etc/UTC',
  issueCount: Object.keys(state.issues).length,
  cyclesEnabled: false,
})

export const workflowStateOf = (state: LinearState, id: string) => {
  const found = state.states.find((s) => s.id === id)
  return found
    ? {
        __typename: 'WorkflowState',
        ...found,
        ...stamp(new Date(state.created_ms).toISOString()),
        description: null,
        team: { id: state.team.id },
      }
    : null
}

export const issueUrl = (state: LinearState, issue: StoredIssue) =>
  `https://linear.app/${state.organization.urlKey}/issue/${issue.identifier.toLowerCase()}`

/** The fields an Issue has in the API and in webhooks alike. */
export function issueFields(state: LinearState, issue: StoredIssue) {
  return {
    id: issue.id,
    number: issue.number,
    identifier: issue.identifier,
    title: issue.title,
    description: issue.description,
    priority: issue.priority,
    priorityLabel: PRIORITY_LABELS[issue.priority] ?? 'No priority',
    url: issueUrl(state, issue),
    branchName: `${state.viewer.displayName}/${issue.identifier.toLowerCase()}`,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    archivedAt: null,
    labelIds: [] as string[],
    previousIdentifiers: [] as string[],
    reactionData: [] as unknown[],
    reactions: [] as unknown[],
    sharedAccess: {
      isShared: false,
      sharedWithCount: 0,
      viewerHasOnlySharedAccess: false,
      disallowedIssueFields: [] as string[],
      sharedWithUsers: [] as unknown[],
    },
    sortOrder: -issue.number,
    estimate: null,
    dueDate: null,
    teamId: state.team.id,
    stateId: issue.stateId,
    creatorId: issue.creatorId,
    assigneeId: issue.assigneeId,
  }
}

/** Linear's webhook `data` for an Issue (ids plus the state, team and labels it nests). */
export const issueWebhookData = (state: LinearState, issue: StoredIssue) => {
  const s = state.states.find((w) => w.id === issue.stateId)!
  return {
    ...issueFields(state, issue),
    state: { id: s.id, name: s.name, color: s.color, type: s.type },
    team: { id: state.team.id, key: state.team.key, name: state.team.name },
    labels: [],
  }
}

export const commentFields = (comment: StoredComment) => ({
  id: comment.id,
  body: comment.body,
  createdAt: comment.createdAt,
  updatedAt: comment.updatedAt,
  archivedAt: null,
  editedAt: null,
  reactionData: [] as unknown[],
  reactions: [] as unknown[],
  issueId: comment.issueId,
  userId: comment.userId,
})

export const commentWebhookData = (state: LinearState, comment: StoredComment, issue: StoredIssue) => ({
  ...commentFields(comment),
  issue: { id: issue.id, identifier: issue.identifier, title: issue.title, url: issueUrl(state, issue) },
  user: { id: state.viewer.id, name: state.viewer.name },
})
