import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, toWebhookEndpoint, type WebhookEndpointRow } from './webhook-endpoints.repo.js'
import { type WebhookEndpoint, WebhookEndpointSchema } from './webhook-endpoints.schema.js'

export const webhookEndpointsSearchable = defineSearchable<WebhookEndpoint, WebhookEndpointRow>({
  name: 'webhook_endpoints',
  item: WebhookEndpointSchema,
  from: 'webhook_endpoints',
  select: COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    url: { sql: 'url', type: 'string' },
    status: { sql: 'status', type: 'string', values: ['active', 'disabled'] },
    created_at: { sql: 'created_at', type: 'timestamp' },
    updated_at: { sql: 'updated_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toWebhookEndpoint,
})
