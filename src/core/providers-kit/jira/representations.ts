import { type Ctx, commentsOf, type Json, jiraDate, selfUrl, userOf } from './context.js'
import {
  type JiraStatus,
  type JiraUser,
  STATUSES,
  type StoredComment,
  type StoredIssue,
  TASK,
} from './state.js'

const ICONS = 'https://switchyard.atlassian.net/images/icons'
const avatarUrls = (seed: string) =>
  Object.fromEntries(
    ['48x48', '24x24', '16x16', '32x32'].map((size) => [
      size,
      `https://avatar-management.services.atlassian.com/default/${seed}/${size}`,
    ]),
  )

export const userJson = (ctx: Ctx, u: JiraUser) => ({
  self: selfUrl(ctx, `/user?accountId=${encodeURIComponent(u.accountId)}`),
  accountId: u.accountId,
  emailAddress: u.emailAddress,
  avatarUrls: avatarUrls(u.accountId.slice(-8)),
  displayName: u.displayName,
  active: true,
  timeZone: 'Etc/UTC',
  accountType: 'atlassian',
})

export const statusOf = (id: string): JiraStatus => STATUSES.find((s) => s.id === id) ?? STATUSES[0]!

export const statusJson = (ctx: Ctx, s: JiraStatus) => ({
  self: selfUrl(ctx, `/status/${s.id}`),
  description: '',
  iconUrl: `${ICONS}/statuses/generic.png`,
  name: s.name,
  untranslatedName: s.name,
  id: s.id,
  statusCategory: { self: selfUrl(ctx, `/statuscategory/${s.category.id}`), ...s.category },
})

export const projectJson = (ctx: Ctx) => ({
  self: selfUrl(ctx, `/project/${ctx.state.project.id}`),
  ...ctx.state.project,
  projectTypeKey: 'software',
  simplified: false,
  avatarUrls: avatarUrls(`project-${ctx.state.project.key}`),
})

export const issueTypeJson = (ctx: Ctx) => ({
  self: selfUrl(ctx, `/issuetype/${TASK.id}`),
  ...TASK,
  iconUrl: `${ICONS}/issuetypes/task.svg`,
  subtask: false,
  avatarId: 10318,
  hierarchyLevel: 0,
})

const priorityJson = (ctx: Ctx) => ({
  self: selfUrl(ctx, '/priority/3'),
  iconUrl: `${ICONS}/priorities/medium.svg`,
  name: 'Medium',
  id: '3',
})

export function commentJson(ctx: Ctx, c: StoredComment) {
  const author = userOf(ctx, c.authorId)
  return {
    self: selfUrl(ctx, `/issue/${c.issueId}/comment/${c.id}`),
    id: c.id,
    ...(author && { author: userJson(ctx, author), updateAuthor: userJson(ctx, author) }),
    body: c.body,
    created: jiraDate(c.createdMs),
    updated: jiraDate(c.updatedMs),
    jsdPublic: true,
  }
}

/** Every field of an issue as Jira returns it (`*all`). */
export function allFields(ctx: Ctx, i: StoredIssue): Json {
  const assignee = userOf(ctx, i.assigneeId)
  const reporter = userOf(ctx, i.reporterId)
  const comments = commentsOf(ctx, i.id).map((c) => commentJson(ctx, c))
  return {
    summary: i.summary,
    description: i.description,
    issuetype: issueTypeJson(ctx),
    project: projectJson(ctx),
    status: statusJson(ctx, statusOf(i.statusId)),
    priority: priorityJson(ctx),
    assignee: assignee ? userJson(ctx, assignee) : null,
    reporter: reporter ? userJson(ctx, reporter) : null,
    creator: reporter ? userJson(ctx, reporter) : null,
    labels: i.labels,
    created: jiraDate(i.createdMs),
    updated: jiraDate(i.updatedMs),
    statuscategorychangedate: jiraDate(i.statusChangedMs),
    resolution: statusOf(i.statusId).category.key === 'done' ? { id: '10000', name: 'Done' } : null,
    comment: {
      comments,
      self: selfUrl(ctx, `/issue/${i.id}/comment`),
      maxResults: comments.length,
      total: comments.length,
      startAt: 0,
    },
  }
}

/**
 * The `fields` parameter (comma-separated or repeated): `*all` / `*navigable` for all, names to
 * pick, `-name` to drop. `defaults` applies when it is absent.
 */
export function pickFields(all: Json, wanted: readonly string[], defaults: 'all' | 'none'): Json {
  const names = wanted
    .flatMap((w) => w.split(','))
    .map((w) => w.trim())
    .filter(Boolean)
  const include = names.filter((n) => !n.startsWith('-'))
  const exclude = new Set(names.filter((n) => n.startsWith('-')).map((n) => n.slice(1)))
  const everything = include.length === 0 ? defaults === 'all' : include.some((n) => n.startsWith('*'))
  const keep = (k: string) => !exclude.has(k) && (everything || include.includes(k))
  return Object.fromEntries(Object.entries(all).filter(([k]) => keep(k)))
}

/** An issue as `GET /issue/{key}` and the search return it. */
export function issueJson(
  ctx: Ctx,
  i: StoredIssue,
  fields: readonly string[],
  defaults: 'all' | 'none' = 'all',
) {
  return {
    expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
    id: i.id,
    self: selfUrl(ctx, `/issue/${i.id}`),
    key: i.key,
    fields: pickFields(allFields(ctx, i), fields, defaults),
  }
}
