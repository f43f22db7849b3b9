import type { CreatedApiKey } from './api-keys/api-keys.schema.js'
import type { Core } from './core.js'
import { inTransaction } from './db/open.js'
import { DEFAULT_WORKSPACE } from './workspaces/workspaces.service.js'

/**
 * First start with an empty data folder: creates workspace `default` (tier free) with one secret
 * and one publishable key, and returns them (the only time their full values exist).
 * Returns undefined when the folder already had workspaces.
 */
export function bootstrap(core: Core): { workspace: string; keys: CreatedApiKey[] } | undefined {
  return inTransaction(core.db, () => {
    if (!core.workspaces.isEmpty()) return undefined
    const ws = core.workspaces.create({ name: DEFAULT_WORKSPACE, tier: 'free' })
    const keys = [
      core.apiKeys.create(ws.id, { name: 'Default secret key', role: 'secret' }),
      core.apiKeys.create(ws.id, { name: 'Default publishable key', role: 'publishable' }),
    ]
    return { workspace: ws.name, keys }
  })
}
