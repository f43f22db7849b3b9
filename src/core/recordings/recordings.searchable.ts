import { defineSearchable } from '../search/searchable.js'
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './recordings.repo.js'
import { type RecordingSummary, RecordingSummarySchema } from './recordings.schema.js'

export const recordingsSearchable = defineSearchable<RecordingSummary, SummaryRow>({
  name: 'recordings',
  item: RecordingSummarySchema,
  from: 'recordings',
  select: SUMMARY_COLUMNS,
  fields: {
    id: { type: 'string' },
    provider: { type: 'string' },
    connection_id: { type: 'string', sort: false },
    method: { type: 'string' },
    path: { type: 'string' },
    status: { type: 'number' },
    duration_ms: { type: 'number' },
    created_at: { type: 'timestamp' },
  },
  toItem: toSummary,
})
