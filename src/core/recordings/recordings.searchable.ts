import { defineSearchable } from '../search/searchable.js'
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './recordings.repo.js'
import { type RecordingSummary, RecordingSummarySchema } from './recordings.schema.js'

export const recordingsSearchable = defineSearchable<RecordingSummary, SummaryRow>({
  name: 'recordings',
  item: RecordingSummarySchema,
  from: 'recordings',
  select: SUMMARY_COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    provider: { sql: 'provider', type: 'string' },
    connection_id: { sql: 'connection_id', type: 'string', sort: false },
    method: { sql: 'method', type: 'string' },
    path: { sql: 'path', type: 'string' },
    status: { sql: 'status', type: 'number' },
    duration_ms: { sql: 'duration_ms', type: 'number' },
    created_at: { sql: 'created_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toSummary,
})
