import type { ApiKeysService, KeyPrincipal } from '../api-keys/api-keys.service.js'
import { memoUntilChange } from '../db/change-stamp.js'
import type { Db } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import type { Workspace } from '../workspaces/workspaces.schema.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'

/**
 * The identity lookups every API request makes (its key, its workspace for the rate limit),
 * memoised until the `api_keys` or `workspaces` table changes. An authenticated request otherwise
 * hashes its key and reads the key and workspace rows again, although they change a few times a day.
 *
 * Safe because the memo is dropped whenever those tables' stamp moves (db/table-stamp.ts: a write
 * from any connection or process, seen by this one's next request): a revoked key fails on its very
 * next request and a tier change applies to the next request, as without the cache. Only successful lookups are kept
 * (an unknown or revoked key throws and is read again next time), so the memo holds at most one
 * entry per valid key and workspace.
 */
export function createIdentityCache(
  db: Db,
  deps: {
    apiKeys: Pick<ApiKeysService, 'authenticate'>
    workspaces: Pick<WorkspacesService, 'get' | 'getById'>
  },
) {
  const stamp = createTableStamp(db, ['api_keys', 'workspaces'])
  return {
    authenticateKey: memoUntilChange<string, KeyPrincipal>(stamp, (token) =>
      deps.apiKeys.authenticate(token),
    ),
    workspaceById: memoUntilChange<string, Workspace>(stamp, (id) => deps.workspaces.getById(id)),
    workspaceByName: memoUntilChange<string, Workspace>(stamp, (name) => deps.workspaces.get(name)),
  }
}
export type IdentityCache = ReturnType<typeof createIdentityCache>
