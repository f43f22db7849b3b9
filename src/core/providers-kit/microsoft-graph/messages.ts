import type { ProxyAnswer } from '../../proxy/answerer.js'
import { isAnswer, queryOf } from '../kit/http.js'
import {
  allOf,
  badRequest,
  bodyOf,
  type Ctx,
  collection,
  isoOf,
  type Json,
  load,
  newId,
  notFound,
  ok,
  publicOf,
} from './context.js'
import { parseFilter } from './filter.js'
import { commit } from './notify.js'
import { FOLDERS, type Folder } from './state.js'

type Recipient = { emailAddress: { name?: string; address: string } }
const isRecipient = (r: unknown): r is Recipient =>
  typeof (r as Recipient | null)?.emailAddress?.address === 'string'

/** The recipients of a field, or undefined when the field is malformed. */
function recipientsOf(input: Record<string, unknown>, field: string): Recipient[] | undefined {
  const list = input[field] ?? []
  return Array.isArray(list) && list.every(isRecipient) ? list : undefined
}

const preview = (content: string) =>
  content
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255)

/** A message as Graph returns it, from a create/send body; undefined when the body is malformed. */
export function messageFrom(
  ctx: Ctx,
  input: Record<string, unknown>,
  folder: Folder,
  extra: Partial<Json> = {},
): Json | undefined {
  const to = recipientsOf(input, 'toRecipients')
  const cc = recipientsOf(input, 'ccRecipients')
  const bcc = recipientsOf(input, 'bccRecipients')
  const body = (input.body ?? { contentType: 'text', content: '' }) as {
    contentType?: unknown
    content?: unknown
  }
  const from = input.from ?? null
  if (!to || !cc || !bcc || typeof body.content !== 'string' || (from !== null && !isRecipient(from)))
    return undefined
  if (input.subject !== undefined && typeof input.subject !== 'string') return undefined
  const { id } = newId(ctx, 'message')
  const now = isoOf(ctx.nowMs)
  const me = { emailAddress: { name: ctx.state.user.displayName, address: ctx.state.user.mail } }
  return {
    '@odata.etag': `W/"CQAAABYAAAD${ctx.ids.hex(8)}"`,
    id,
    createdDateTime: now,
    lastModifiedDateTime: now,
    changeKey: `CQAAABYAAAD${ctx.ids.hex(8)}`,
    categories: [],
    receivedDateTime: now,
    sentDateTime: folder === 'drafts' ? null : now,
    hasAttachments: false,
    internetMessageId: `<${id.slice(8, 24)}@switchyard.local>`,
    subject: (input.subject as string | undefined) ?? '',
    bodyPreview: preview(body.content),
    importance: typeof input.importance === 'string' ? input.importance : 'normal',
    parentFolderId: folder,
    conversationId: `AAQkAGI2${id.slice(8, 24)}`,
    isReadReceiptRequested: false,
    isRead: folder !== 'inbox',
    isDraft: folder === 'drafts',
    webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(id)}&exvsurl=1&viewmodel=ReadMessageItem`,
    inferenceClassification: 'focused',
    body: { contentType: body.contentType === 'html' ? 'html' : 'text', content: body.content },
    sender: from ?? (folder === 'inbox' ? null : me),
    from: from ?? (folder === 'inbox' ? null : me),
    toRecipients: to,
    ccRecipients: cc,
    bccRecipients: bcc,
    replyTo: [],
    flag: { flagStatus: 'notFlagged' },
    ...extra,
    _folder: folder,
  }
}

/** Stores a changed message with a new change number and tells the subscriptions. */
export const commitMessage = (ctx: Ctx, message: Json, change: 'created' | 'updated' | 'deleted') =>
  commit(ctx, 'message', message._folder as string, message, change)

/** The message in any folder. */
export function findMessage(ctx: Ctx, id: string | undefined): Json | undefined {
  for (const folder of FOLDERS) {
    const found = load(ctx, 'message', folder, id)
    if (found && !found._removed) return found
  }
  return undefined
}

const byReceivedDesc = (a: Json, b: Json) =>
  String(b.receivedDateTime).localeCompare(String(a.receivedDateTime)) ||
  String(b.id).localeCompare(String(a.id))

/** `GET /me/messages` and `/me/mailFolders/{folder}/messages`: `$filter`, `$top`, `$skip`, `$select`. */
export function listMessages(ctx: Ctx): ProxyAnswer {
  const folder = ctx.params.folder?.toLowerCase()
  if (folder !== undefined && !(FOLDERS as readonly string[]).includes(folder)) return notFound(ctx)
  const scopes = folder ? [folder] : FOLDERS
  let items = scopes.flatMap((f) => allOf(ctx, 'message', f)).sort(byReceivedDesc)
  const filter = queryOf(ctx.call).get('$filter')
  if (filter) {
    const predicate = parseFilter(filter)
    if ('error' in predicate) return badRequest(ctx, predicate.error, 'BadRequest')
    items = items.filter(predicate)
  }
  return collection(
    ctx,
    items,
    folder
      ? `users('${ctx.state.user.id}')/mailFolders('${folder}')/messages`
      : `users('${ctx.state.user.id}')/messages`,
  )
}

export function getMessage(ctx: Ctx): ProxyAnswer {
  const message = findMessage(ctx, ctx.params.id)
  return message ? ok(ctx, publicOf(message)) : notFound(ctx)
}

/** `POST /me/messages`: a draft in Drafts, 201. */
export function createMessage(ctx: Ctx): ProxyAnswer {
  const input = bodyOf(ctx)
  if (isAnswer(input)) return input
  const message = messageFrom(ctx, input, 'drafts')
  if (!message) return badRequest(ctx, 'Invalid message: check subject, body and recipients.')
  commitMessage(ctx, message, 'created')
  return ok(ctx, publicOf(message), 201)
}

const EDITABLE = ['isRead', 'subject', 'importance', 'categories', 'flag'] as const

/** `PATCH /me/messages/{id}`: `isRead`, `subject`, `importance`, `categories`, `flag`. */
export function updateMessage(ctx: Ctx): ProxyAnswer {
  const message = findMessage(ctx, ctx.params.id)
  if (!message) return notFound(ctx)
  const input = bodyOf(ctx)
  if (isAnswer(input)) return input
  const unknown = Object.keys(input).find((k) => !(EDITABLE as readonly string[]).includes(k))
  if (unknown) return badRequest(ctx, `The property '${unknown}' cannot be updated here.`)
  if (input.isRead !== undefined && typeof input.isRead !== 'boolean')
    return badRequest(ctx, "Cannot convert the literal to the expected type 'Edm.Boolean'.")
  const next = { ...message, ...input, lastModifiedDateTime: isoOf(ctx.nowMs) } as Json
  commitMessage(ctx, next, 'updated')
  return ok(ctx, publicOf(next))
}

/** `DELETE /me/messages/{id}`: 204; delta reports it as `@removed`. */
export function deleteMessage(ctx: Ctx): ProxyAnswer {
  const message = findMessage(ctx, ctx.params.id)
  if (!message) return notFound(ctx)
  commitMessage(ctx, { ...message, _removed: true }, 'deleted')
  return ok(ctx, null, 204)
}

/**
 * `POST /me/sendMail`: 202 with no body; the message lands in Sent Items (unless
 * `saveToSentItems: false`) and, when addressed to the mailbox's own address, in the Inbox too.
 */
export function sendMail(ctx: Ctx): ProxyAnswer {
  const input = bodyOf(ctx)
  if (isAnswer(input)) return input
  const message = input.message
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return badRequest(ctx, 'Required property message is missing.')
  const fields = message as Record<string, unknown>
  const sent = messageFrom(ctx, fields, 'sentitems')
  if (!sent || (sent.toRecipients as Recipient[]).length === 0)
    return badRequest(
      ctx,
      "At least one recipient is not valid., A message can't be sent because it contains no recipients.",
    )
  if (input.saveToSentItems !== false) commitMessage(ctx, sent, 'created')
  const toMe = (sent.toRecipients as Recipient[]).some(
    (r) => r.emailAddress.address.toLowerCase() === ctx.state.user.mail,
  )
  if (toMe) {
    const me = { emailAddress: { name: ctx.state.user.displayName, address: ctx.state.user.mail } }
    const received = messageFrom(ctx, { ...fields, from: me }, 'inbox', { isRead: false })!
    commitMessage(ctx, received, 'created')
  }
  return ok(ctx, null, 202)
}
