import { randomBytes, randomUUID } from 'node:crypto'
import type { Sample } from '../../triggers/samples/sample.js'
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
export type GithubWebhook =
  | { event: 'repository'; action: 'created'; repository: Repository }
  | {
      event: 'issues'
      action: 'opened' | 'closed' | 'reopened'
      issue: Issue
      repository: Repository
    }
  | {
      event: 'issues'
      action: 'edited'
      issue: Issue
      repository: Repository
      changes: { title?: { from: string }; body?: { from: string | null } }
    }
  | { event: 'issue_comment'; action: 'created'; issue: Issue; comment: IssueComment; repository: Repository }

/** The repository as webhooks carry it: the API's, plus the legacy counters webhooks keep. */
export const webhookRepository = (r: Repository) => {
  const { permissions: _permissions, network_count: _n, subscribers_count: _s, ...rest } = r
  return { ...rest, stargazers: 0 }
}

/** X-GitHub-* headers of a repository webhook, as GitHub-Hookshot sends them. */
export function githubHeaders(event: string): Record<string, string> {
  return {
    'User-Agent': `GitHub-Hookshot/${randomBytes(4).toString('hex').slice(0, 7)}`,
    'X-GitHub-Event': event,
    'X-GitHub-Delivery': randomUUID(),
    'X-GitHub-Hook-ID': '470561237',
    'X-GitHub-Hook-Installation-Target-Type': 'repository',
    'X-GitHub-Hook-Installation-Target-ID': '0',
  }
}

export function githubWebhook(hook: GithubWebhook, sender: Pick<GithubUser, 'login' | 'id'>): Sample {
  const { event, ...rest } = hook
  const body: Record<string, unknown> = {
    ...rest,
    repository: webhookRepository(hook.repository),
    sender: simpleUser(sender),
  }
  return {
    body,
    headers: { ...githubHeaders(event), 'X-GitHub-Hook-Installation-Target-ID': String(hook.repository.id) },
  }
}
