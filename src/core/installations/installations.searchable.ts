import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type InstallationRow, toInstallation } from './installations.repo.js'
import { INSTALLATION_STATUSES, type Installation, InstallationSchema } from './installations.schema.js'

export const installationsSearchable = defineSearchable<Installation, InstallationRow>({
  name: 'installations',
  item: InstallationSchema,
  from: 'installations',
  select: COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    provider: { sql: 'provider', type: 'string' },
    provider_config_id: { sql: 'provider_config_id', type: 'string', sort: false },
    tenant_id: { sql: 'tenant_id', type: 'string' },
    mode: { sql: 'mode', type: 'string', values: ['real', 'simulated'] },
    status: { sql: 'status', type: 'string', values: INSTALLATION_STATUSES },
    external_id: { sql: 'external_id', type: 'string' },
    created_at: { sql: 'created_at', type: 'timestamp' },
    updated_at: { sql: 'updated_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toInstallation,
})
