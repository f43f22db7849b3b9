import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type DeliveryRow, toDelivery } from './deliveries.repo.js'
import { type Delivery, DeliverySchema } from './deliveries.schema.js'

export const deliveriesSearchable = defineSearchable<Delivery, DeliveryRow>({
  name: 'deliveries',
  item: DeliverySchema,
  from: 'deliveries',
  select: COLUMNS,
  fields: {
    id: { type: 'string' },
    event_id: { type: 'string' },
    kind: { type: 'string', values: ['forward', 'replay', 'endpoint'] },
    endpoint_id: { type: 'string' },
    target: { type: 'string' },
    status: { type: 'number' },
    created_at: { type: 'timestamp' },
  },
  toItem: toDelivery,
})
