import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, toWebhookEndpoint, type WebhookEndpointRow } from './webhook-endpoints.repo.js'
import { type WebhookEndpoint, WebhookEndpointSchema } from './webhook-endpoints.schema.js'

export const webhookEndpointsSearchable = defineSearchable<WebhookEndpoint, WebhookEndpointRow>({
  name: 'webhook_endpoints',
  item: WebhookEndpointSchema,
  from: 'webhook_endpoints',
  select: COLUMNS,
  fields: {
    id: { type: 'string' },
    url: { type: 'string' },
    status: { type: 'string', values: ['active', 'disabled'] },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  toItem: toWebhookEndpoint,
})
