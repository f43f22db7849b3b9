import type { Sample } from '../../triggers/samples/sample.js'
import { randomSimulationIds, type SimulationIds } from '../kit/ids.js'
import {
  type GithubUser,
  type Issue,
  type IssueComment,
  type Repository,
  simpleUser,
} from './representations.js'

/**
 * GitHub's webhook payloads for the events the simulation emits, built from the same
 * representations its API answers with. `switchyard trigger github issues.opened` builds its
 * samples here too, so a triggered webhook and a simulated one look alike.
 */
type AboutIssue = { issue: Issue; repository: Repository }
/** What an `issues.edited` webhook says changed: the title's and body's values before. */
export type IssueChanges = { title?: { from: string }; body?: { from: string | null } }
export type GithubWebhook =
  | { event: 'repository'; action: 'created'; repository: Repository }
  | ({ event: 'issues'; action: 'opened' | 'closed' | 'reopened' } & AboutIssue)
  | ({ event: 'issues'; action: 'edited'; changes: IssueChanges } & AboutIssue)
  | ({ event: 'issue_comment'; action: 'created'; comment: IssueComment } & AboutIssue)

/** The repository as webhooks carry it: the API's, plus the legacy counters webhooks keep. */
export const webhookRepository = (r: Repository) => {
  const { permissions: _permissions, network_count: _n, subscribers_count: _s, ...rest } = r
  return { ...rest, stargazers: 0, custom_properties: {} }
}

/** Webhook payloads carry users without the API's newer `user_view_type`. */
const withoutViewType = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutViewType)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'user_view_type')
      .map(([key, v]) => [key, withoutViewType(v)]),
  )
}

/** X-GitHub-* headers of a repository webhook, as GitHub-Hookshot sends them. */
export function hookshotHeaders(
  event: string,
  ids: SimulationIds = randomSimulationIds,
): Record<string, string> {
  return {
    'User-Agent': `GitHub-Hookshot/${ids.hex(4).slice(0, 7)}`,
    'X-GitHub-Event': event,
    'X-GitHub-Delivery': ids.uuid(),
    'X-GitHub-Hook-ID': '470561237',
    'X-GitHub-Hook-Installation-Target-Type': 'repository',
    'X-GitHub-Hook-Installation-Target-ID': '0',
  }
}

export function githubWebhook(
  hook: GithubWebhook,
  sender: Pick<GithubUser, 'login' | 'id'>,
  ids: SimulationIds = randomSimulationIds,
): Sample {
  const { event, ...rest } = hook
  if ('issue' in rest) {
    // Webhooks carry the issue without the API's `closed_by`.
    const { closed_by: _closedBy, ...issue } = rest.issue
    Object.assign(rest, { issue })
  }
  const body = withoutViewType({
    ...rest,
    repository: webhookRepository(hook.repository),
    sender: simpleUser(sender),
  }) as Record<string, unknown>
  return {
    body,
    headers: {
      ...hookshotHeaders(event, ids),
      'X-GitHub-Hook-Installation-Target-ID': String(hook.repository.id),
    },
  }
}

/** The event types `switchyard trigger github` builds (a type may add an action: `pull_request.closed`). */
export const GITHUB_EVENT_TYPES = [
  'push',
  'ping',
  'pull_request',
  'issues',
  'issue_comment',
  'repository',
  'release',
  'workflow_run',
  'installation',
  'check_run',
] as const
