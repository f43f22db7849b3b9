/**
 * GitHub REST v3 representations, field for field as api.github.com returns them (URLs point at
 * api.github.com and github.com, like the real ones; only the `Link` pagination header points
 * back through the proxy, so clients can follow it).
 */
export const API = 'https://api.github.com'
export const WEB = 'https://github.com'

export interface GithubUser {
  login: string
  id: number
  name: string
  email: string
  created_at: string
}

const nodeId = (prefix: string, id: number) =>
  Buffer.from(`${prefix}${id}`).toString('base64').replace(/=+$/, '')

/**
 * The hypermedia `<name>_url` fields under `base`, in the table's order: `name` links `/name`,
 * `name{/x}` adds GitHub's URI template, `name=path` links a path of another name.
 */
const urlsOf = (base: string, table: string): Record<`${string}_url`, string> =>
  Object.fromEntries(
    table
      .split(/\s+/)
      .filter(Boolean)
      .map((entry) => {
        const [, key = '', rest = ''] = /^([a-z_]+)(.*)$/.exec(entry) ?? []
        return [`${key}_url`, `${base}/${rest.startsWith('=') ? rest.slice(1) : key + rest}`]
      }),
  )

const USER_URLS = `
  followers following{/other_user} gists{/gist_id} starred{/owner}{/repo} subscriptions
  organizations=orgs repos events{/privacy} received_events`

const REPO_URLS = `
  forks keys{/key_id} collaborators{/collaborator} teams hooks issue_events=issues/events{/number}
  events assignees{/user} branches{/branch} tags blobs=git/blobs{/sha} git_tags=git/tags{/sha}
  git_refs=git/refs{/sha} trees=git/trees{/sha} statuses=statuses/{sha} languages stargazers
  contributors subscribers subscription commits{/sha} git_commits=git/commits{/sha}
  comments{/number} issue_comment=issues/comments{/number} contents=contents/{+path}
  compare=compare/{base}...{head} merges archive={archive_format}{/ref} downloads issues{/number}
  pulls{/number} milestones{/number} notifications{?since,all,participating} labels{/name}
  releases{/id} deployments`

/** simple-user: the user embedded in repositories, issues and comments. */
export function simpleUser(user: Pick<GithubUser, 'login' | 'id'>) {
  const url = `${API}/users/${user.login}`
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId('04:User', user.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${WEB}/${user.login}`,
    ...urlsOf(url, USER_URLS),
    type: 'User',
    user_view_type: 'public',
    site_admin: false,
  }
}

/** private-user: `GET /user` with the account's own token. */
export function privateUser(user: GithubUser, counts: { publicRepos: number; privateRepos: number }) {
  return {
    ...simpleUser(user),
    name: user.name,
    company: null,
    blog: '',
    location: null,
    email: user.email,
    notification_email: user.email,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: counts.publicRepos,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: user.created_at,
    updated_at: user.created_at,
    private_gists: 0,
    total_private_repos: counts.privateRepos,
    owned_private_repos: counts.privateRepos,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: 'free', space: 976562499, collaborators: 0, private_repos: 10000 },
  }
}

export interface RepoInput {
  id: number
  name: string
  owner: Pick<GithubUser, 'login' | 'id'>
  description: string | null
  private: boolean
  homepage: string | null
  has_issues: boolean
  created_at: string
  open_issues: number
}

/** full-repository (a superset of repository and minimal-repository). */
export function repository(r: RepoInput) {
  const full = `${r.owner.login}/${r.name}`
  const url = `${API}/repos/${full}`
  return {
    id: r.id,
    node_id: nodeId('010:Repository', r.id),
    name: r.name,
    full_name: full,
    private: r.private,
    owner: simpleUser(r.owner),
    html_url: `${WEB}/${full}`,
    description: r.description,
    fork: false,
    url,
    ...urlsOf(url, REPO_URLS),
    created_at: r.created_at,
    updated_at: r.created_at,
    pushed_at: r.created_at,
    git_url: `git://github.com/${full}.git`,
    ssh_url: `git@github.com:${full}.git`,
    clone_url: `${WEB}/${full}.git`,
    svn_url: `${WEB}/${full}`,
    homepage: r.homepage,
    size: 0,
    stargazers_count: 0,
    watchers_count: 0,
    language: null,
    has_issues: r.has_issues,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: r.open_issues,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [] as string[],
    visibility: r.private ? 'private' : 'public',
    forks: 0,
    open_issues: r.open_issues,
    watchers: 0,
    default_branch: 'main',
    permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    network_count: 0,
    subscribers_count: 1,
  }
}
export type Repository = ReturnType<typeof repository>

export interface IssueInput {
  id: number
  number: number
  repo: { full_name: string }
  title: string
  body: string | null
  user: Pick<GithubUser, 'login' | 'id'>
  labels: string[]
  state: 'open' | 'closed'
  state_reason: 'completed' | 'reopened' | 'not_planned' | null
  comments: number
  created_at: string
  updated_at: string
  closed_at: string | null
  closed_by: Pick<GithubUser, 'login' | 'id'> | null
}

const labelId = (name: string) => {
  let h = 0
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return 1_000_000 + (h % 8_000_000_000)
}

/** A label as embedded in an issue (made up on first use, as the API does with `labels: [...]`). */
export const label = (repoFullName: string, name: string) => ({
  id: labelId(`${repoFullName}:${name}`),
  node_id: nodeId('05:Label', labelId(`${repoFullName}:${name}`)),
  url: `${API}/repos/${repoFullName}/labels/${encodeURIComponent(name)}`,
  name,
  color: 'ededed',
  default: false,
  description: null,
})

export function issue(i: IssueInput) {
  const repoUrl = `${API}/repos/${i.repo.full_name}`
  const url = `${repoUrl}/issues/${i.number}`
  return {
    url,
    repository_url: repoUrl,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${WEB}/${i.repo.full_name}/issues/${i.number}`,
    id: i.id,
    node_id: nodeId('05:Issue', i.id),
    number: i.number,
    title: i.title,
    user: simpleUser(i.user),
    labels: i.labels.map((name) => label(i.repo.full_name, name)),
    state: i.state,
    locked: false,
    assignee: null,
    assignees: [] as unknown[],
    milestone: null,
    comments: i.comments,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    author_association: 'OWNER',
    active_lock_reason: null,
    body: i.body,
    closed_by: i.closed_by ? simpleUser(i.closed_by) : null,
    reactions: reactions(`${url}/reactions`),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: i.state_reason,
  }
}
export type Issue = ReturnType<typeof issue>

const REACTIONS = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes']
const reactions = (url: string) => ({
  url,
  total_count: 0,
  ...Object.fromEntries(REACTIONS.map((reaction) => [reaction, 0])),
})

export interface CommentInput {
  id: number
  repo: { full_name: string }
  issueNumber: number
  body: string
  user: Pick<GithubUser, 'login' | 'id'>
  created_at: string
}

export function issueComment(c: CommentInput) {
  const repoUrl = `${API}/repos/${c.repo.full_name}`
  return {
    url: `${repoUrl}/issues/comments/${c.id}`,
    html_url: `${WEB}/${c.repo.full_name}/issues/${c.issueNumber}#issuecomment-${c.id}`,
    issue_url: `${repoUrl}/issues/${c.issueNumber}`,
    id: c.id,
    node_id: nodeId('012:IssueComment', c.id),
    user: simpleUser(c.user),
    created_at: c.created_at,
    updated_at: c.created_at,
    author_association: 'OWNER',
    body: c.body,
    reactions: reactions(`${repoUrl}/issues/comments/${c.id}/reactions`),
    performed_via_github_app: null,
  }
}
export type IssueComment = ReturnType<typeof issueComment>
