import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type DeliveryRow, toDelivery } from './deliveries.repo.js'
import { type Delivery, DeliverySchema } from './deliveries.schema.js'

export const deliveriesSearchable = defineSearchable<Delivery, DeliveryRow>({
  name: 'deliveries',
  item: DeliverySchema,
  from: 'deliveries',
  select: COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    event_id: { sql: 'event_id', type: 'string' },
    kind: { sql: 'kind', type: 'string', values: ['forward', 'replay', 'endpoint'] },
    endpoint_id: { sql: 'endpoint_id', type: 'string' },
    target: { sql: 'target', type: 'string' },
    status: { sql: 'status', type: 'number' },
    created_at: { sql: 'created_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toDelivery,
})
