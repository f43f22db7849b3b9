import { fake, type Sample, type SampleBuilder, splitAction } from '../../triggers/samples/sample.js'
import { isoSeconds } from '../kit/time.js'
import { issue, issueComment, repository } from './representations.js'
import { type GithubWebhook, githubWebhook } from './webhooks.js'

const DEFAULT_ACTIONS: Record<string, string> = {
  pull_request: 'opened',
  issues: 'opened',
  issue_comment: 'created',
  repository: 'created',
  release: 'published',
  workflow_run: 'completed',
  installation: 'created',
  check_run: 'completed',
}

function people(nowMs: number) {
  const owner = { login: 'octo-org', id: fake.number(8), type: 'Organization' }
  const sender = { login: 'octocat', id: fake.number(7), type: 'User', site_admin: false }
  const repository = {
    id: fake.number(9),
    name: 'switchyard-demo',
    full_name: 'octo-org/switchyard-demo',
    private: false,
    owner,
    html_url: 'https://github.com/octo-org/switchyard-demo',
    default_branch: 'main',
    pushed_at: fake.seconds(nowMs),
  }
  return { sender, repository, installation: { id: fake.number(8) }, organization: owner }
}

const pullRequest = (nowMs: number, action: string) => ({
  id: fake.number(10),
  number: 42,
  state: action === 'closed' ? 'closed' : 'open',
  title: 'Add webhook capture',
  user: { login: 'octocat' },
  head: { ref: 'feature/webhooks', sha: fake.hex(40) },
  base: { ref: 'main', sha: fake.hex(40) },
  merged: action === 'closed',
  created_at: isoSeconds(nowMs),
  updated_at: isoSeconds(nowMs),
  html_url: 'https://github.com/octo-org/switchyard-demo/pull/42',
})

const BODIES: Record<string, (nowMs: number, action: string) => Record<string, unknown>> = {
  push: (nowMs) => {
    const after = fake.hex(40)
    return {
      ref: 'refs/heads/main',
      before: fake.hex(40),
      after,
      created: false,
      deleted: false,
      forced: false,
      compare: `https://github.com/octo-org/switchyard-demo/compare/${after.slice(0, 12)}`,
      commits: [
        {
          id: after,
          message: 'Capture webhooks byte for byte',
          timestamp: isoSeconds(nowMs),
          author: { name: 'Mona Octocat', email: 'mona@example.com', username: 'octocat' },
          added: ['src/webhooks.ts'],
          removed: [],
          modified: ['README.md'],
        },
      ],
      head_commit: { id: after, message: 'Capture webhooks byte for byte', timestamp: isoSeconds(nowMs) },
      pusher: { name: 'octocat', email: 'mona@example.com' },
    }
  },
  pull_request: (nowMs, action) => ({ action, number: 42, pull_request: pullRequest(nowMs, action) }),
  ping: () => ({
    zen: 'Design for failure.',
    hook_id: fake.number(9),
    hook: { type: 'Repository', id: fake.number(9), events: ['push', 'pull_request'], active: true },
  }),
  release: (nowMs, action) => ({
    action,
    release: {
      id: fake.number(9),
      tag_name: 'v1.0.0',
      name: 'v1.0.0',
      draft: false,
      created_at: isoSeconds(nowMs),
    },
  }),
  workflow_run: (nowMs, action) => ({
    action,
    workflow_run: {
      id: fake.number(10),
      name: 'CI',
      status: action === 'completed' ? 'completed' : 'in_progress',
      conclusion: action === 'completed' ? 'success' : null,
      head_branch: 'main',
      head_sha: fake.hex(40),
      created_at: isoSeconds(nowMs),
    },
  }),
}

/**
 * `issues`, `issue_comment` and `repository` come from the simulated GitHub's own payload builder,
 * so a triggered `issues.opened` and one the simulation emits look alike.
 */
function simulatedShape(event: string, action: string, nowMs: number): Sample | undefined {
  const sender = { login: 'octocat', id: 583231 }
  const at = isoSeconds(nowMs)
  const repo = repository({
    id: fake.number(9),
    name: 'switchyard-demo',
    owner: sender,
    description: 'Webhooks, captured byte for byte',
    private: false,
    homepage: null,
    has_issues: true,
    created_at: at,
    open_issues: 1,
  })
  const closed = action === 'closed'
  const sampleIssue = issue({
    id: fake.number(10),
    number: 7,
    repo,
    title: 'Webhooks arrive twice',
    body: 'Seen after a deploy.',
    user: sender,
    labels: ['bug'],
    state: closed ? 'closed' : 'open',
    state_reason: closed ? 'completed' : action === 'reopened' ? 'reopened' : null,
    comments: event === 'issue_comment' ? 1 : 0,
    created_at: at,
    updated_at: at,
    closed_at: closed ? at : null,
    closed_by: closed ? sender : null,
  })
  const comment = issueComment({
    id: fake.number(10),
    repo,
    issueNumber: 7,
    body: 'Same here.',
    user: sender,
    created_at: at,
  })
  const on = { issue: sampleIssue, repository: repo }
  const edited = { title: { from: 'Webhooks arrive' } }
  const hooks: Record<string, GithubWebhook> = {
    'repository.created': { event: 'repository', action: 'created', repository: repo },
    'issues.opened': { event: 'issues', action: 'opened', ...on },
    'issues.closed': { event: 'issues', action: 'closed', ...on },
    'issues.reopened': { event: 'issues', action: 'reopened', ...on },
    'issues.edited': { event: 'issues', action: 'edited', ...on, changes: edited },
    'issue_comment.created': {
      event: 'issue_comment',
      action: 'created',
      issue: sampleIssue,
      comment,
      repository: repo,
    },
  }
  const hook = hooks[`${event}.${action}`]
  return hook && githubWebhook(hook, sender)
}

/** GitHub: the event name in X-GitHub-Event, the action (`pull_request.opened`) in the body. */
export const githubSample: SampleBuilder = ({ type, nowMs }) => {
  const { event, action: given } = splitAction(type)
  const action = given ?? DEFAULT_ACTIONS[event]
  const simulated = action ? simulatedShape(event, action, nowMs) : undefined
  if (simulated) return simulated
  const specific = BODIES[event]?.(nowMs, action ?? 'created') ?? (action ? { action } : {})
  return {
    body: { ...specific, ...people(nowMs) },
    headers: {
      'User-Agent': `GitHub-Hookshot/${fake.hex(7)}`,
      'X-GitHub-Event': event,
      'X-GitHub-Delivery': fake.uuid(),
      'X-GitHub-Hook-ID': String(fake.number(9)),
      'X-GitHub-Hook-Installation-Target-Type': 'repository',
    },
  }
}
