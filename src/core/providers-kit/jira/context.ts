import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, isAnswer, jsonBodyOf } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { jiraError, jiraHeaders, NO_ISSUE } from './errors.js'
import {
  type Adf,
  FIRST_ISSUE_ID,
  type JiraState,
  type JiraUser,
  type StoredComment,
  type StoredIssue,
} from './state.js'

export type Ctx = SimulationContext<JiraState>
export type Json = Record<string, unknown>

export const ok = (ctx: Ctx, body: unknown, status = 200): ProxyAnswer =>
  answer(status, body, jiraHeaders(ctx.ids))
export const noContent = (ctx: Ctx): ProxyAnswer => answer(204, null, jiraHeaders(ctx.ids))
export const badRequest = (ctx: Ctx, messages: string[], errors: Record<string, string> = {}) =>
  jiraError(400, ctx.ids, messages, errors)
export const noIssue = (ctx: Ctx) => jiraError(404, ctx.ids, [NO_ISSUE])

/** Jira's timestamps: `2026-11-26T20:03:55.123+0000`. */
export const jiraDate = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000')

/** A URL of this API as the client reaches it (through the proxy), for `self` fields. */
export const selfUrl = (ctx: Ctx, path: string) =>
  `${ctx.call.origin}/proxy/${ctx.call.connection.id}/rest/api/3${path}`

/** The call's JSON object body; an absent or broken one is Jira's 400. */
export function bodyOf(ctx: Ctx, empty?: Json): Json | ProxyAnswer {
  return jsonBodyOf<Json>(
    ctx.call,
    (p) =>
      badRequest(ctx, [
        p.kind === 'malformed'
          ? `Unexpected character in the request body: ${p.detail}`
          : 'The request body must be a JSON object.',
      ]),
    { objectOnly: true, ...(empty && { empty }) },
  )
}
export { isAnswer }

export const record = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined

/** An ADF document: `{type: "doc", version: 1, content: [...]}`. */
export const isAdf = (v: unknown): v is Adf => {
  const doc = record(v)
  return doc?.type === 'doc' && doc.version === 1 && Array.isArray(doc.content)
}

/** Plain text as an ADF document, a paragraph per line (what Jira makes of a v2 text field). */
export const textDoc = (text: string): Adf => ({
  type: 'doc',
  version: 1,
  content: text.split('\n').map((line) => ({
    type: 'paragraph',
    content: line ? [{ type: 'text', text: line }] : [],
  })),
})

/** The plain text of an ADF document (what the dashboard and changelog strings show). */
export function adfText(node: unknown): string {
  const n = record(node)
  if (!n) return ''
  if (typeof n.text === 'string') return n.text
  const parts = Array.isArray(n.content) ? n.content.map(adfText) : []
  return parts.join(n.type === 'doc' ? '\n' : '')
}

export const userOf = (ctx: Ctx, accountId: string | null): JiraUser | undefined =>
  accountId === null ? undefined : ctx.state.users.find((u) => u.accountId === accountId)
export const viewer = (ctx: Ctx): JiraUser => ctx.state.users[0]!

export const issueIdOf = (num: number) => String(FIRST_ISSUE_ID + num)

/** The issue a path's `issueIdOrKey` names (`SY-1` or `10001`; a key matches in any case). */
export function loadIssue(ctx: Ctx, idOrKey: string): StoredIssue | undefined {
  const num = ctx.state.issues[idOrKey.toUpperCase()]
  if (num === undefined) return undefined
  const text = ctx.objects.get('issue', '', num)
  return text === undefined ? undefined : (JSON.parse(text) as StoredIssue)
}

export function saveIssue(ctx: Ctx, issue: StoredIssue) {
  ctx.objects.put('issue', '', issue.num, issue, issue.statusId)
}

/** Every issue of the site, oldest first. */
export const allIssues = (ctx: Ctx): StoredIssue[] =>
  ctx.objects.page('issue', '', null, 100_000, 0, 'asc').rows.map((r) => JSON.parse(r) as StoredIssue)

export const commentsOf = (ctx: Ctx, issueId: string): StoredComment[] =>
  ctx.objects
    .page('comment', issueId, null, 100_000, 0, 'asc')
    .rows.map((r) => JSON.parse(r) as StoredComment)

/** The next number of a counter (saved with the state). */
export function nextOf(ctx: Ctx, counter: 'next_issue' | 'next_comment' | 'next_changelog'): number {
  const n = ctx.state[counter]++
  ctx.saveState(ctx.state)
  return n
}
