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
    core.settings.set(FIRST_RUN_KEYS, 'unseen')
    return { workspace: ws.name, keys }
  })
}

/** Whether the first start's keys were shown: a start that failed after creating them (say, its port was taken) never printed them. */
const FIRST_RUN_KEYS = 'first_run_keys'

/** True when the first start created keys that no start has shown since (their values are gone). */
export const firstRunKeysUnseen = (core: Core): boolean => core.settings.get(FIRST_RUN_KEYS) === 'unseen'

/** A start has served and shown the keys, or how to create some. */
export const markFirstRunKeysShown = (core: Core): void => core.settings.set(FIRST_RUN_KEYS, 'shown')
