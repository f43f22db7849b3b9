import type { Clock } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import type { SecretBox } from '../crypto/secret-box.js'
import { afterCommit, type Db } from '../db/open.js'
import { createDeliveriesRepo } from '../deliveries/deliveries.repo.js'
import { createDeliveriesService } from '../deliveries/deliveries.service.js'
import type { EventsService } from '../events/events.service.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
import { createTriggersService } from '../triggers/triggers.service.js'
import { createDispatcher } from '../webhook-endpoints/dispatcher.js'
import { createOutboundMessagesRepo } from '../webhook-endpoints/outbound-messages.repo.js'
import { createWebhookEndpointsRepo } from '../webhook-endpoints/webhook-endpoints.repo.js'
import { createWebhookEndpointsService } from '../webhook-endpoints/webhook-endpoints.service.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'
import { createWebhooksService } from './webhooks.service.js'

/**
 * Everything around webhooks, wired together: inbound capture, the delivery log and replay,
 * outbound endpoints with their dispatcher, and triggers.
 */
export function createWebhookCapture(deps: {
  db: Db
  box: SecretBox
  clock: Clock
  ids: Ids
  events: EventsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  workspaces: WorkspacesService
}) {
  const { db, box, clock, ids, events } = deps
  const webhooks = createWebhooksService(deps)
  const deliveries = createDeliveriesService({
    db,
    repo: createDeliveriesRepo(db),
    events,
    providers: deps.providers,
    providerConfigs: deps.providerConfigs,
    clock,
    ids,
  })
  const messages = createOutboundMessagesRepo(db)
  const webhookEndpoints = createWebhookEndpointsService({
    repo: createWebhookEndpointsRepo(db),
    messages,
    box,
    clock,
    ids,
  })
  const dispatcher = createDispatcher({
    db,
    clock,
    messages,
    endpoints: webhookEndpoints,
    events,
    deliveries,
    userAgent: 'Switchyard-Webhooks/1.0',
  })
  // The outbox: queued in the emitting transaction, dispatched once it commits.
  events.onEmit((workspaceId, event) => {
    if (webhookEndpoints.enqueue(workspaceId, event) > 0) afterCommit(db, dispatcher.wake)
  })
  const triggers = createTriggersService({ ...deps, webhooks })
  return { webhooks, deliveries, webhookEndpoints, dispatcher, triggers, outboundMessages: messages }
}
