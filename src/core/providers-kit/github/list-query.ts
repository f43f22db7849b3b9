import type { ProxyAnswer } from '../../proxy/answerers.js'
import { queryOf } from '../kit/http.js'
import { enumParam, timestampParam } from '../kit/listing.js'
import { validationFailed } from './errors.js'
import type { Issue } from './representations.js'
import { type Ctx, headersOf } from './state.js'

const refuse = (ctx: Ctx, name: string) => validationFailed(headersOf(ctx), 'Issue', name, 'invalid')

/** The issue list's parameters, or GitHub's 422 naming the first bad one. */
export function issueQueryOf(ctx: Ctx) {
  const q = queryOf(ctx.call)
  const state = enumParam(q.get('state'), ['open', 'closed', 'all'] as const, 'open')
  if (!state) return refuse(ctx, 'state')
  const sort = enumParam(q.get('sort'), ['created', 'updated', 'comments'] as const, 'created')
  if (!sort) return refuse(ctx, 'sort')
  const direction = enumParam(q.get('direction'), ['asc', 'desc'] as const, 'desc')
  if (!direction) return refuse(ctx, 'direction')
  const since = timestampParam(q.get('since'))
  if (since === null) return refuse(ctx, 'since')
  const labels = (q.get('labels') ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean)
  return {
    state,
    labels,
    sort,
    direction,
    since,
    creator: q.get('creator'),
    assignee: q.get('assignee'),
    mentioned: q.get('mentioned'),
  }
}

const sameLogin = (a: string | undefined | null, b: string) => !!a && a.toLowerCase() === b.toLowerCase()
const mentions = (text: string | null, login: string) =>
  !!text && new RegExp(`(^|[^\\w-])@${login.replace(/[^A-Za-z0-9-]/g, '')}(?![\\w-])`, 'i').test(text)

/** The query of `GET /repos/{owner}/{repo}/issues`, checked. */
export type IssueQuery = Exclude<ReturnType<typeof issueQueryOf>, ProxyAnswer>

/** Whether an issue passes the list's filters (`assignee=none|*` as GitHub reads them). */
export function issueMatches(i: Issue, q: IssueQuery): boolean {
  if (q.state !== 'all' && i.state !== q.state) return false
  if (q.since !== undefined && Date.parse(i.updated_at) < q.since) return false
  const names = i.labels.map((l) => l.name.toLowerCase())
  if (!q.labels.every((l) => names.includes(l.toLowerCase()))) return false
  if (q.creator !== null && !sameLogin(i.user.login, q.creator)) return false
  const assignees = (i.assignees as Array<{ login: string }>).map((a) => a.login)
  if (q.assignee === 'none' && assignees.length > 0) return false
  if (q.assignee === '*' && assignees.length === 0) return false
  if (q.assignee !== null && q.assignee !== 'none' && q.assignee !== '*') {
    if (!assignees.some((a) => sameLogin(a, q.assignee!))) return false
  }
  if (q.mentioned !== null && !mentions(i.body, q.mentioned) && !mentions(i.title, q.mentioned)) return false
  return true
}

/** Whether the list asks for nothing but a state, in creation order (what the store's order is). */
export const isPlainListing = (q: IssueQuery) =>
  q.sort === 'created' &&
  q.labels.length === 0 &&
  q.since === undefined &&
  q.creator === null &&
  q.assignee === null &&
  q.mentioned === null

/** The key an issue list is ordered by (the number breaks ties: issues made in the same second). */
export const issueSortKey = (sort: IssueQuery['sort']) => (i: Issue) => [
  sort === 'comments' ? i.comments : sort === 'updated' ? Date.parse(i.updated_at) : 0,
  i.number,
]
