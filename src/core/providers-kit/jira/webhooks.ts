import { fake, type SampleBuilder } from '../../triggers/samples/sample.js'
import { type Ctx, type Json, viewer } from './context.js'
import { allFields, commentJson, issueJson, userJson } from './representations.js'
import type { StoredComment, StoredIssue } from './state.js'

/**
 * Jira Cloud's webhooks: `{timestamp, webhookEvent, issue_event_type_name?, user, issue,
 * changelog?, comment?}` with `X-Atlassian-Webhook-Identifier`. `X-Hub-Signature` is added where
 * every webhook is signed, with the Jira config's secret.
 */
export const JIRA_EVENT_TYPES = ['jira:issue_created', 'jira:issue_updated', 'comment_created'] as const
export type JiraEventType = (typeof JIRA_EVENT_TYPES)[number]

/** One changed field, as a changelog item names it. */
export interface ChangeItem {
  field: string
  fieldId: string
  from: string | null
  fromString: string | null
  to: string | null
  toString: string | null
}

const headersOf = (id: string) => ({
  'X-Atlassian-Webhook-Identifier': id,
  'User-Agent': 'Atlassian Webhook HTTP Client',
})

function send(ctx: Ctx, body: Json) {
  ctx.emit({
    body: { timestamp: ctx.nowMs, ...body },
    headers: headersOf(String(Number.parseInt(ctx.ids.hex(6), 16))),
  })
}

const issueOf = (ctx: Ctx, issue: StoredIssue) => {
  const { comment: _comment, ...fields } = allFields(ctx, issue)
  return { ...issueJson(ctx, issue, []), fields }
}

export function issueCreated(ctx: Ctx, issue: StoredIssue) {
  send(ctx, {
    webhookEvent: 'jira:issue_created',
    issue_event_type_name: 'issue_created',
    user: userJson(ctx, viewer(ctx)),
    issue: issueOf(ctx, issue),
  })
}

/** `issue_updated` for an edit, `issue_generic` for a transition (what Jira names them). */
export function issueUpdated(
  ctx: Ctx,
  issue: StoredIssue,
  items: ChangeItem[],
  kind: 'issue_updated' | 'issue_generic',
  changelogId: number,
) {
  send(ctx, {
    webhookEvent: 'jira:issue_updated',
    issue_event_type_name: kind,
    user: userJson(ctx, viewer(ctx)),
    issue: issueOf(ctx, issue),
    changelog: { id: String(changelogId), items: items.map((i) => ({ ...i, fieldtype: 'jira' })) },
  })
}

export function commentCreated(ctx: Ctx, issue: StoredIssue, comment: StoredComment) {
  const { summary, issuetype, project, assignee, priority, status } = allFields(ctx, issue)
  send(ctx, {
    webhookEvent: 'comment_created',
    comment: commentJson(ctx, comment),
    issue: {
      ...issueJson(ctx, issue, []),
      fields: { summary, issuetype, project, assignee, priority, status },
    },
  })
}

/** `switchyard trigger jira <type>`: an issue SY-1, created, moved to In Progress, or commented. */
export const jiraSample: SampleBuilder = ({ type, nowMs }) => {
  const issue = {
    id: '10001',
    key: 'SY-1',
    self: 'https://api.atlassian.com/ex/jira/11223344-a1b2-4c3d-9e8f-001122334455/rest/api/3/issue/10001',
    fields: {
      summary: 'Webhooks arrive signed',
      issuetype: { id: '10001', name: 'Task' },
      project: { id: '10000', key: 'SY', name: 'Switchyard' },
      status: {
        id: type === 'jira:issue_updated' ? '3' : '10000',
        name: type === 'jira:issue_updated' ? 'In Progress' : 'To Do',
      },
      created: new Date(nowMs).toISOString().replace('Z', '+0000'),
    },
  }
  const user = { accountId: `712020:${fake.uuid()}`, displayName: 'Switchyard Admin', active: true }
  const body: Json =
    type === 'comment_created'
      ? {
          webhookEvent: type,
          comment: {
            id: String(fake.number(5)),
            author: user,
            body: {
              type: 'doc',
              version: 1,
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Looks good' }] }],
            },
          },
          issue,
        }
      : {
          webhookEvent: type === 'jira:issue_updated' ? type : 'jira:issue_created',
          issue_event_type_name: type === 'jira:issue_updated' ? 'issue_generic' : 'issue_created',
          user,
          issue,
          ...(type === 'jira:issue_updated' && {
            changelog: {
              id: String(fake.number(5)),
              items: [
                {
                  field: 'status',
                  fieldtype: 'jira',
                  fieldId: 'status',
                  from: '10000',
                  fromString: 'To Do',
                  to: '3',
                  toString: 'In Progress',
                },
              ],
            },
          }),
        }
  return { body: { timestamp: nowMs, ...body }, headers: headersOf(String(fake.number(9))) }
}
