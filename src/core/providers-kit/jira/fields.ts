import { adfText, type Ctx, isAdf, type Json, record, textDoc, userOf } from './context.js'
import { type Adf, TASK } from './state.js'
import type { ChangeItem } from './webhooks.js'

/** The fields a create or an edit may set, checked; `errors` says why, per field, as Jira does. */
export interface FieldValues {
  summary?: string
  description?: StoredDescription
  assigneeId?: string | null
  labels?: string[]
}
type StoredDescription = Adf | null

const notSettable = (name: string) =>
  `Field '${name}' cannot be set. It is not on the appropriate screen, or unknown.`

/** Reads `fields` of a create (`creating`: project, issuetype and summary are required) or an edit. */
export function readFields(
  ctx: Ctx,
  fields: Json,
  creating: boolean,
  /** REST v2 (where jira.js sends a plain-text description) takes text, kept as an ADF paragraph. */
  plainText = false,
): { values: FieldValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const values: FieldValues = {}
  for (const [name, value] of Object.entries(fields)) {
    switch (name) {
      case 'project':
      case 'issuetype':
        if (!creating) errors[name] = notSettable(name)
        break
      case 'summary':
        if (typeof value !== 'string' || !value.trim())
          errors.summary = 'You must specify a summary of the issue.'
        else if (value.length > 255) errors.summary = 'Summary must be less than 255 characters.'
        else values.summary = value
        break
      case 'description':
        if (plainText && typeof value === 'string') values.description = value ? textDoc(value) : null
        else if (value === null || (!plainText && isAdf(value))) values.description = value as Adf | null
        else
          errors.description =
            'Operation value must be an Atlassian Document (see the Atlassian Document Format).'
        break
      case 'assignee': {
        const id = value === null ? null : record(value)?.accountId
        if (id === null) values.assigneeId = null
        else if (typeof id === 'string' && userOf(ctx, id)) values.assigneeId = id
        else errors.assignee = `User '${String(id ?? '')}' cannot be assigned issues.`
        break
      }
      case 'labels':
        if (!Array.isArray(value) || !value.every((l) => typeof l === 'string'))
          errors.labels = 'Labels must be an array of strings.'
        else if (value.some((l) => /\s/.test(l as string)))
          errors.labels = 'The label contains spaces which is invalid.'
        else values.labels = value as string[]
        break
      default:
        errors[name] = notSettable(name)
    }
  }
  if (creating) {
    const project = record(fields.project)
    const p = ctx.state.project
    if (!project || !(project.key === p.key || project.id === p.id))
      errors.project = 'Specify a valid project ID or key'
    const type = record(fields.issuetype)
    if (!type) errors.issuetype = 'Specify an issue type'
    else if (!(type.name === TASK.name || type.id === TASK.id))
      errors.issuetype = 'The issue type selected is invalid.'
    if (fields.summary === undefined) errors.summary = 'You must specify a summary of the issue.'
  }
  return { values, errors }
}

/** The changelog items of an edit (what the `jira:issue_updated` webhook carries). */
export function changesOf(
  ctx: Ctx,
  before: Required<FieldValues>,
  after: Required<FieldValues>,
): ChangeItem[] {
  const items: ChangeItem[] = []
  if (before.summary !== after.summary)
    items.push({
      field: 'summary',
      fieldId: 'summary',
      from: null,
      fromString: before.summary,
      to: null,
      toString: after.summary,
    })
  if (JSON.stringify(before.description) !== JSON.stringify(after.description))
    items.push({
      field: 'description',
      fieldId: 'description',
      from: null,
      fromString: before.description ? adfText(before.description) : null,
      to: null,
      toString: after.description ? adfText(after.description) : null,
    })
  if (before.assigneeId !== after.assigneeId)
    items.push({
      field: 'assignee',
      fieldId: 'assignee',
      from: before.assigneeId,
      fromString: userOf(ctx, before.assigneeId)?.displayName ?? null,
      to: after.assigneeId,
      toString: userOf(ctx, after.assigneeId)?.displayName ?? null,
    })
  if (before.labels.join(' ') !== after.labels.join(' '))
    items.push({
      field: 'labels',
      fieldId: 'labels',
      from: null,
      fromString: before.labels.join(' '),
      to: null,
      toString: after.labels.join(' '),
    })
  return items
}
