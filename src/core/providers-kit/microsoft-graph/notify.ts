import { allOf, type Ctx, type Json, nextSeq, save } from './context.js'

/** How the stored subscription is kept (its answer is these fields minus `_` ones). */
export interface Subscription extends Json {
  resource: string
  changeType: string
  notificationUrl: string
  expirationDateTime: string
  clientState: string | null
  _target: Target
}

/** What a subscription's resource watches: messages (of one folder, or all), or events. */
export type Target = { kind: 'message'; folder: string | null } | { kind: 'event' }

/**
 * The resources the simulation notifies about: `me/messages`, `me/mailFolders('Inbox')/messages`
 * (or `/me/mailfolders/inbox/messages`), `me/events`; undefined for any other.
 */
export function targetOf(resource: string): Target | undefined {
  const r = resource
    .toLowerCase()
    .replace(/^\/+/, '')
    .replace(/\('([^']+)'\)/g, '/$1')
  if (r === 'me/messages') return { kind: 'message', folder: null }
  if (r === 'me/events') return { kind: 'event' }
  const m = r.match(/^me\/mailfolders\/(inbox|sentitems|drafts)\/messages$/)
  return m ? { kind: 'message', folder: m[1]! } : undefined
}

const ODATA_TYPE = { message: '#Microsoft.Graph.Message', event: '#Microsoft.Graph.Event' }
const COLLECTION = { message: 'Messages', event: 'Events' }

/**
 * Queues a change notification to every live subscription watching the item's resource and change
 * type; each goes to the subscription's `notificationUrl` after the answer.
 */
export function notify(
  ctx: Ctx,
  kind: 'message' | 'event',
  folder: string,
  change: 'created' | 'updated' | 'deleted',
  item: Json,
) {
  for (const sub of allOf(ctx, 'subscription', '') as Subscription[]) {
    const t = sub._target
    const watches = t.kind === kind && (t.kind === 'event' || t.folder === null || t.folder === folder)
    if (!watches || !sub.changeType.split(',').includes(change)) continue
    if (Date.parse(sub.expirationDateTime) <= ctx.nowMs) continue
    const resource = `Users/${ctx.state.user.id}/${COLLECTION[kind]}/${item.id}`
    ctx.emit({
      to: sub.notificationUrl,
      contentType: 'application/json; charset=utf-8',
      headers: {},
      body: {
        value: [
          {
            subscriptionId: sub.id,
            subscriptionExpirationDateTime: sub.expirationDateTime,
            changeType: change,
            resource,
            resourceData: {
              '@odata.type': ODATA_TYPE[kind],
              '@odata.id': resource,
              '@odata.etag': item['@odata.etag'],
              id: item.id,
            },
            clientState: sub.clientState,
            tenantId: ctx.state.tenantId,
          },
        ],
      },
    })
  }
}

/** Stores a changed message or event with a new change number (delta reads it) and notifies. */
export function commit(
  ctx: Ctx,
  kind: 'message' | 'event',
  scope: string,
  item: Json,
  change: 'created' | 'updated' | 'deleted',
) {
  const stored: Json = { ...item, _seq: nextSeq(ctx) }
  save(ctx, kind, scope, stored, change === 'deleted' ? 'removed' : 'live')
  notify(ctx, kind, scope, change, stored)
}
