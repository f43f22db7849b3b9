import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { memoUntilChange } from '../db/change-stamp.js'
import type { Db } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import { AppError } from '../errors.js'
import { nextEventId } from '../events/event-id.js'
import type { EventRequestRow, EventRow } from '../events/events.repo.js'
import type { Event } from '../events/events.schema.js'
import type { EventsService } from '../events/events.service.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'
import { DEFAULT_WORKSPACE } from '../workspaces/workspaces.service.js'
import { printable } from './derived-text.js'
import { answerHandshake, type HandshakeReply, SIGNING_HANDSHAKES } from './handshakes.js'
import { senderMessageId } from './message-id.js'
import { parseJsonBody, providerEventType } from './provider-event-type.js'
import { captureUrls, verdictFor } from './signatures.js'
import type { IncomingWebhook } from './webhooks.schema.js'

/** Provider ids in webhook URLs: catalog slugs, custom ids, or anything a sender is pointed at. */
const WEBHOOK_PROVIDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/

/** Query parameters that attribute a capture to a tenant, connection or installation. */
type Attribution = 'tenant_id' | 'connection_id' | 'installation_id'
const ATTRIBUTION_VALUE = /^[\w.:@-]{1,200}$/

/** Lower-case name → first value, over headers in arrival order. */
export function headerLookup(headers: Array<[string, string]>) {
  const map = new Map<string, string>()
  for (const [name, value] of headers) {
    const key = name.toLowerCase()
    if (!map.has(key)) map.set(key, value)
  }
  return (name: string) => map.get(name)
}

/**
 * Captures inbound webhooks: verifies the signature, answers handshakes, and stores the exact
 * request through the event log. `ingest` resolves only after the row is committed (group commit),
 * so an acknowledged webhook is never lost.
 */
export function createWebhooksService(deps: {
  db: Db
  events: EventsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  workspaces: WorkspacesService
  clock: Clock
  ids: Ids
}) {
  const { events, providers, providerConfigs, workspaces, clock, ids } = deps
  // Every capture looks up the same few rows; they are read again only after something changed.
  // Captures submitted but not yet committed, by sender message id: a retry racing its original
  // (both in one group commit) is still marked, though the original is not in the table yet.
  const inFlight = new Map<string, string>()
  const workspaceIdOf = memoUntilChange(
    createTableStamp(deps.db, ['workspaces']),
    (name: string) => workspaces.get(name).id,
  )
  const receiverOf = memoUntilChange(
    createTableStamp(deps.db, ['providers', 'provider_configs']),
    (key: string) => {
      const [workspaceId, providerId] = key.split('\n') as [string, string]
      const provider = providers.find(workspaceId, providerId)
      return { provider, secrets: provider ? providerConfigs.webhookSecrets(workspaceId, provider.id) : [] }
    },
  )

  return {
    /** The workspace a webhook URL names (`?workspace=`), `default` when it names none; 404 if unknown. */
    workspaceFor(name: string | undefined): string {
      return workspaceIdOf(name || DEFAULT_WORKSPACE)
    },

    /** Stores one inbound request as a `webhook.received` event; resolves after it is committed. */
    async ingest(input: IncomingWebhook): Promise<{ event: Event; reply: HandshakeReply | null }> {
      if (!WEBHOOK_PROVIDER.test(input.provider)) {
        throw new AppError('invalid_request', 'The provider id in the webhook URL is not valid.', {
          errors: [
            {
              pointer: 'param:/provider',
              detail: 'letters, digits, ".", "_" and "-", at most 63 characters',
            },
          ],
        })
      }
      const providerId = input.provider.toLowerCase()
      const nowMs = clock.now()
      const header = headerLookup(input.headers)
      const contentType = header('content-type') ?? null
      const { provider, secrets: configured } = receiverOf(`${input.workspaceId}\n${providerId}`)
      const handshake = provider?.webhooks?.handshake ?? null
      const verdict = provider
        ? verdictFor(configured, provider.webhooks?.signature ?? null, {
            header,
            body: input.body,
            nowMs,
            signingHandshake: handshake !== null && SIGNING_HANDSHAKES.has(handshake),
            // Built only for a scheme that signs the URL (most captures check no signature at all).
            target: {
              method: input.method,
              get urls() {
                return captureUrls(header, input.path, input.query)
              },
            },
          })
        : { signature: 'unverified' as const, detail: `'${providerId}' is not a known provider id` }
      let parsed: { value: unknown } | undefined
      const json = () => {
        parsed ??= { value: parseJsonBody(contentType, input.body) }
        return parsed.value
      }
      const query = new URLSearchParams(input.query)
      const reply = handshake
        ? answerHandshake(handshake, {
            method: input.method,
            query,
            header,
            json,
            secrets: configured.map((s) => s.secret),
            verdict: verdict.signature,
          })
        : null

      const attributed = (key: Attribution) => {
        const value = query.get(key)
        return value && ATTRIBUTION_VALUE.test(value) ? value : null
      }
      const createdAt = isoAt(nowMs)
      const id = nextEventId(ids, nowMs)
      // Only a valid signature vouches for the id; one index seek when there is one (migration 0010).
      const messageId = verdict.scheme ? senderMessageId(verdict.scheme, header, json) : null
      const messageKey = messageId && `${input.workspaceId}\n${providerId}\n${messageId}`
      const duplicateOf = messageKey
        ? (inFlight.get(messageKey) ??
          events.firstWithMessage(input.workspaceId, providerId, messageId!) ??
          null)
        : null
      const row: EventRow = {
        id,
        workspace_id: input.workspaceId,
        type: 'webhook.received',
        source: 'webhook',
        provider: providerId,
        tenant_id: attributed('tenant_id'),
        connection_id: attributed('connection_id'),
        installation_id: attributed('installation_id'),
        provider_event_type: providerEventType(header, json),
        signature: verdict.signature,
        data: JSON.stringify({
          method: input.method,
          content_type: contentType && printable(contentType, 300),
          size: input.body.length,
          signature_detail: verdict.detail,
          ...(reply && { handshake }),
          ...(input.triggered && { triggered: true }),
          ...(messageId && { message_id: messageId }),
        }),
        created_at: createdAt,
        message_id: messageId,
        duplicate_of: duplicateOf,
        replay_of: null,
      }
      const request: EventRequestRow = {
        event_id: row.id,
        method: input.method,
        path: input.path,
        query: input.query,
        headers: JSON.stringify(input.headers),
        content_type: contentType,
        body: input.body,
        received_at: createdAt,
      }
      if (messageKey && !duplicateOf) inFlight.set(messageKey, id)
      try {
        const [event] = await events.capture(input.workspaceId, [{ row, request }])
        return { event: event!, reply }
      } finally {
        if (messageKey && inFlight.get(messageKey) === id) inFlight.delete(messageKey)
      }
    },
  }
}
export type WebhooksService = ReturnType<typeof createWebhooksService>
