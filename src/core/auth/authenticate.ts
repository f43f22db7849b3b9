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
  apiKeys: Pick<ApiKeysService, 'authenticate'>
  workspaces: Pick<WorkspacesService, 'get'>
  adminToken?: string
}) {
  function authenticate(token: string, workspaceName?: string): Principal {
    if (token.startsWith(ADMIN_TOKEN_PREFIX)) {
      if (!deps.adminToken || !sameText(token, deps.adminToken)) {
        throw new AppError('unauthorized', 'The admin token is not valid for this data folder.')
      }
      const ws = deps.workspaces.get(workspaceName || DEFAULT_WORKSPACE)
      return { workspaceId: ws.id, role: 'secret', keyId: 'admin', admin: true }
    }
    return { ...deps.apiKeys.authenticate(token), admin: false }
  }

  return {
    authenticate,

    /**
     * Checks again, for a long-lived request (the event stream), that its credential still grants
     * what it granted when the request began; throws what a new request would get. Revoked or
     * deleted keys fail as on any request; the admin token fails once the workspace it acted on is
     * gone, which is what a reset of the data folder (`switchyard reset`, an import) does: the new
     * workspace of the same name is another one, with other data.
     */
    recheck(token: string, workspaceName: string | undefined, granted: Principal): void {
      const now = authenticate(token, workspaceName)
      if (now.workspaceId !== granted.workspaceId) {
        throw new AppError(
          'unauthorized',
          'The data folder was reset: the workspace this stream was opened on no longer exists. Reconnect to follow the new one.',
        )
      }
    },
  }
}
export type Authenticator = ReturnType<typeof createAuthenticator>
