import { timingSafeEqual } from 'node:crypto'
import type { ApiKeysService } from '../api-keys/api-keys.service.js'
import type { KeyRole } from '../api-keys/key-format.js'
import { AppError } from '../errors.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'
import { DEFAULT_WORKSPACE } from '../workspaces/workspaces.service.js'

/** Who a request acts as, once its credential has been checked. */
export interface Principal {
  workspaceId: string
  role: KeyRole
  /** The API key id, or `admin` for the local admin token. */
  keyId: string
  /** True for the local admin token (the UI): acts as a secret key of any workspace. */
  admin: boolean
}

export const ADMIN_TOKEN_PREFIX = 'adm_'

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Resolves a Bearer credential: an API key (its workspace is the key's), or the data folder's
 * local admin token, which acts as a secret key of the workspace named by `workspaceName`
 * (the `Switchyard-Workspace` header; `default` when absent).
 */
export function createAuthenticator(deps: {
  apiKeys: ApiKeysService
  workspaces: WorkspacesService
  adminToken?: string
}) {
  return {
    authenticate(token: string, workspaceName?: string): Principal {
      if (token.startsWith(ADMIN_TOKEN_PREFIX)) {
        if (!deps.adminToken || !sameText(token, deps.adminToken)) {
          throw new AppError('unauthorized', 'The admin token is not valid for this data folder.')
        }
        const ws = deps.workspaces.get(workspaceName || DEFAULT_WORKSPACE)
        return { workspaceId: ws.id, role: 'secret', keyId: 'admin', admin: true }
      }
      return { ...deps.apiKeys.authenticate(token), admin: false }
    },
  }
}
export type Authenticator = ReturnType<typeof createAuthenticator>
