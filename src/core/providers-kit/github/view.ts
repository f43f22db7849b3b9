import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'
import { storedList } from '../kit/stored-json.js'
import type { Issue, Repository } from './representations.js'
import type { GithubState } from './state.js'

/** The most rows a section shows; the API panel pages through the rest. */
export const SHOWN_REPOS = 100
export const SHOWN_ISSUES = 20

/** The repository the "create a repository" example makes, so a fresh account's examples chain. */
export const EXAMPLE_REPO = 'hello-switchyard'

const reposOf = (objects: AccountObjects) =>
  storedList<Repository>(objects, 'repo', '', { order: 'name', limit: SHOWN_REPOS })

/** The simulated account's repositories (by name) and its newest issues across them. */
export function githubAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  const repos = reposOf(objects)
  // Issue ids grow with each new issue, so the highest ids are the newest across repositories.
  const newestOf = (repo: Repository) =>
    storedList<Issue>(objects, 'issue', String(repo.id), { order: 'desc', limit: SHOWN_ISSUES })
  const issues = repos
    .flatMap((repo) => newestOf(repo).map((issue) => ({ repo, issue })))
    .sort((a, b) => b.issue.id - a.issue.id)
    .slice(0, SHOWN_ISSUES)
  return [
    {
      title: 'Repositories',
      columns: ['Name', 'Visibility', 'Open issues'],
      rows: repos.map((r) => [r.full_name, r.visibility, String(r.open_issues_count)]),
    },
    {
      title: 'Recent issues',
      columns: ['Repository', 'Number', 'Title', 'State', 'Comments'],
      rows: issues.map(({ repo, issue }) => [
        repo.name,
        `#${issue.number}`,
        issue.title,
        issue.state,
        String(issue.comments),
      ]),
    },
  ]
}

/**
 * The API panel's examples for this account: the issue calls name the account's login and its
 * first public repository with issues (a seeded `storefront`), or the repository the create
 * example makes when the account has none yet, so the examples work in order on a fresh account.
 */
export function githubExampleCalls(objects: AccountObjects, state: GithubState): SimulationExampleCall[] {
  const repos = reposOf(objects)
  const repo = repos.find((r) => !r.private && r.has_issues) ?? repos.find((r) => r.has_issues)
  const issues = `/repos/${encodeURIComponent(state.user.login)}/${encodeURIComponent(repo?.name ?? EXAMPLE_REPO)}/issues`
  const taken = new Set(Object.keys(state.repos))
  let name = EXAMPLE_REPO
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${EXAMPLE_REPO}-${n}`
  return [
    { label: 'Get the user', method: 'GET', path: '/user' },
    { label: 'List repositories', method: 'GET', path: '/user/repos?per_page=30' },
    {
      label: 'Create a repository',
      method: 'POST',
      path: '/user/repos',
      body: { name, description: 'Made from the Switchyard dashboard', private: false },
    },
    { label: 'List open issues', method: 'GET', path: `${issues}?state=open` },
    {
      label: 'Open an issue',
      method: 'POST',
      path: issues,
      body: { title: 'Found a bug in checkout', body: 'Steps to reproduce: …', labels: ['bug'] },
    },
  ]
}
