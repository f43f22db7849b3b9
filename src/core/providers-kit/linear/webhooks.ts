import { fake, type Sample, type SampleBuilder } from '../../triggers/samples/sample.js'
import type { SimulationIds } from '../kit/ids.js'

/**
 * Linear's webhook deliveries: `{action, type, data, url, createdAt, organizationId,
 * webhookTimestamp, webhookId}` with `Linear-Delivery` and `Linear-Event` headers. The
 * `Linear-Signature` header is added where every webhook is signed, with the config's secret.
 */
export const LINEAR_EVENT_TYPES = ['Issue', 'Comment'] as const

export interface LinearEvent {
  type: (typeof LINEAR_EVENT_TYPES)[number]
  action: 'create' | 'update' | 'remove'
  data: Record<string, unknown>
  url: string
  organizationId: string
  updatedFrom?: Record<string, unknown>
}

export function linearDelivery(e: LinearEvent, nowMs: number, ids: SimulationIds, webhookId: string): Sample {
  return {
    body: {
      action: e.action,
      actor: null,
      createdAt: new Date(nowMs).toISOString(),
      data: e.data,
      url: e.url,
      type: e.type,
      ...(e.updatedFrom && { updatedFrom: e.updatedFrom }),
      organizationId: e.organizationId,
      webhookTimestamp: nowMs,
      webhookId,
    },
    headers: { 'Linear-Delivery': ids.uuid(), 'Linear-Event': e.type, 'User-Agent': 'Linear-Webhook' },
  }
}

/** `switchyard trigger linear Issue|Comment`: a `create` of that type. */
export const linearSample: SampleBuilder = ({ type, nowMs }) => {
  const iso = fake.iso(nowMs)
  const issue = { id: fake.uuid(), identifier: 'ENG-1', title: 'Webhooks arrive signed', number: 1 }
  const data =
    type === 'Comment'
      ? {
          id: fake.uuid(),
          body: 'Looks good to me',
          issueId: issue.id,
          issue,
          createdAt: iso,
          updatedAt: iso,
        }
      : { ...issue, priority: 0, createdAt: iso, updatedAt: iso }
  return linearDelivery(
    {
      type: type === 'Comment' ? 'Comment' : 'Issue',
      action: 'create',
      data,
      url: 'https://linear.app/switchyard/issue/eng-1',
      organizationId: fake.uuid(),
    },
    nowMs,
    { uuid: fake.uuid, hex: fake.hex },
    fake.uuid(),
  )
}
