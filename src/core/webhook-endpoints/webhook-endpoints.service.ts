import { randomBytes } from 'node:crypto'
import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import type { SecretBox } from '../crypto/secret-box.js'
import { notFound } from '../errors.js'
import type { Event } from '../events/events.schema.js'
import type { OutboundMessagesRepo } from './outbound-messages.repo.js'
import {
  toWebhookEndpoint,
  type WebhookEndpointRow,
  type WebhookEndpointsRepo,
} from './webhook-endpoints.repo.js'
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './webhook-endpoints.schema.js'

/**
 * Outbound webhook endpoints: the user's app subscribes to the gateway's own events. Each endpoint
 * has one signing secret for life, sealed at rest.
 */
export function createWebhookEndpointsService(deps: {
  repo: WebhookEndpointsRepo
  messages: OutboundMessagesRepo
  box: SecretBox
  clock: Clock
  ids: Ids
}) {
  const { repo, messages, box, clock, ids } = deps
  const context = (id: string) => `webhook_endpoints/${id}/secret`

  const row = (workspaceId: string, id: string): WebhookEndpointRow => {
    const found = repo.get(workspaceId, id)
    if (!found) throw notFound('Webhook endpoint', id)
    return found
  }
  const withSecret = (r: WebhookEndpointRow): WebhookEndpointWithSecret => ({
    ...toWebhookEndpoint(r),
    secret: box.open(r.secret, context(r.id)),
  })

  return {
    create(workspaceId: string, input: CreateWebhookEndpoint): WebhookEndpointWithSecret {
      const id = ids.next('we')
      const now = isoAt(clock.now())
      const created: WebhookEndpointRow = {
        id,
        workspace_id: workspaceId,
        url: input.url,
        description: input.description ?? null,
        event_types: input.event_types ? JSON.stringify(input.event_types) : null,
        secret: box.seal(`whsec_${randomBytes(32).toString('base64')}`, context(id)),
        status: 'active',
        disabled_reason: null,
        created_at: now,
        updated_at: now,
      }
      repo.insert(created)
      return withSecret(created)
    },

    get: (workspaceId: string, id: string): WebhookEndpointWithSecret => withSecret(row(workspaceId, id)),

    update(workspaceId: string, id: string, patch: UpdateWebhookEndpoint): WebhookEndpointWithSecret {
      const current = row(workspaceId, id)
      const status = patch.status ?? current.status
      const next: WebhookEndpointRow = {
        ...current,
        url: patch.url ?? current.url,
        description: patch.description === undefined ? current.description : patch.description,
        event_types:
          patch.event_types === undefined
            ? current.event_types
            : patch.event_types && JSON.stringify(patch.event_types),
        status,
        disabled_reason:
          status === 'active'
            ? null
            : patch.status === 'disabled'
              ? 'disabled by request'
              : current.disabled_reason,
        updated_at: isoAt(clock.now()),
      }
      repo.update(next)
      return withSecret(next)
    },

    /** Deletes the endpoint; its queued messages go with it (the delivery log stays). */
    remove(workspaceId: string, id: string): void {
      if (repo.remove(workspaceId, id) === 0) throw notFound('Webhook endpoint', id)
    },

    /** Turns an endpoint off for good reason (it answered 410 Gone). */
    disable(workspaceId: string, id: string, reason: string): void {
      const current = repo.get(workspaceId, id)
      if (!current) return
      repo.update({ ...current, status: 'disabled', disabled_reason: reason, updated_at: isoAt(clock.now()) })
    },

    /** The endpoint with its decrypted secret, or undefined (for the dispatcher). */
    find(workspaceId: string, id: string): (WebhookEndpoint & { secret: string }) | undefined {
      const found = repo.get(workspaceId, id)
      return found && withSecret(found)
    },

    /** Whether an active endpoint of the workspace subscribes to events of this type. */
    subscribed(workspaceId: string, type: string): boolean {
      return repo
        .active(workspaceId)
        .some((endpoint) =>
          subscribes(endpoint.event_types ? (JSON.parse(endpoint.event_types) as string[]) : null, type),
        )
    },

    /** Queues `event` for every active endpoint subscribed to it. Runs inside the emitting transaction. */
    enqueue(workspaceId: string, event: Event): number {
      let queued = 0
      for (const endpoint of repo.active(workspaceId)) {
        const types = endpoint.event_types ? (JSON.parse(endpoint.event_types) as string[]) : null
        if (!subscribes(types, event.type)) continue
        messages.insert({
          id: ids.next('msg'),
          workspace_id: workspaceId,
          endpoint_id: endpoint.id,
          event_id: event.id,
          status: 'pending',
          attempts: 0,
          next_attempt_at: event.created_at,
          created_at: event.created_at,
          updated_at: event.created_at,
        })
        queued++
      }
      return queued
    },
  }
}
export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>

/** Does an endpoint's subscription cover an event type? */
function subscribes(eventTypes: string[] | null, type: string): boolean {
  if (eventTypes === null) return true
  return eventTypes.some((p) =>
    p === '*' ? true : p.endsWith('.*') ? type.startsWith(p.slice(0, -1)) : p === type,
  )
}
