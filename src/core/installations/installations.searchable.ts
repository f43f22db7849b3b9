import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type InstallationRow, toInstallation } from './installations.repo.js'
import { INSTALLATION_STATUSES, type Installation, InstallationSchema } from './installations.schema.js'

export const installationsSearchable = defineSearchable<Installation, InstallationRow>({
  name: 'installations',
  item: InstallationSchema,
  from: 'installations',
  select: COLUMNS,
  fields: {
    id: { type: 'string' },
    provider: { type: 'string' },
    provider_config_id: { type: 'string', sort: false },
    tenant_id: { type: 'string' },
    mode: { type: 'string', values: ['real', 'simulated'] },
    status: { type: 'string', values: INSTALLATION_STATUSES },
    external_id: { type: 'string' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  toItem: toInstallation,
})
