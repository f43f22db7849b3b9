import { defineSearchable } from '../search/searchable.js'
import { type MockRouteRow, toMockRoute } from './mock-routes.repo.js'
import { MOCK_METHODS, type MockRoute, MockRouteSchema } from './mock-routes.schema.js'

/** Mock routes through the one search engine (`POST /api/mock-routes/search`). */
export const mockRoutesSearchable = defineSearchable<MockRoute, MockRouteRow>({
  name: 'mock_routes',
  item: MockRouteSchema,
  from: 'mock_routes',
  select:
    'workspace_id, id, provider, method, path, status, headers, body, description, enabled, created_at, updated_at',
  fields: {
    id: { type: 'string' },
    provider: { type: 'string' },
    method: { type: 'string', values: MOCK_METHODS },
    path: { type: 'string' },
    status: { type: 'number' },
    enabled: { type: 'boolean' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  toItem: toMockRoute,
})
