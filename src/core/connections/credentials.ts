import { z } from 'zod'
import type { Clock } from '../common/clock.js'
import { AppError } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import type { Connection } from './connections.schema.js'
import { FlowModeSchema } from './connections.schema.js'
import type { ConnectionsService } from './connections.service.js'

/** A token that expires within this margin is refreshed before it is handed out. */
export const REFRESH_MARGIN_MS = 60_000

export const CredentialsSchema = z
  .object({
    connection_id: z.string(),
    provider: z.string(),
    mode: FlowModeSchema,
    type: z.literal('oauth2'),
    access_token: z.string().meta({ description: "The provider's access token. Keep it server-side." }),
    token_type: z.string().meta({ example: 'Bearer' }),
    expires_at: z
      .string()
      .datetime()
      .nullable()
      .meta({ description: 'When the access token expires; null when the provider did not say.' }),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'ConnectionCredentials' })
export type Credentials = z.infer<typeof CredentialsSchema>

/** The 409 for a connection whose tokens cannot be used, or null when it is active. */
export function unusable(connection: Connection): AppError | null {
  if (connection.status === 'revoked') {
    return new AppError(
      'connection_revoked',
      `Connection '${connection.id}' is revoked; its tokens are erased. Connect the account again through an auth session.`,
    )
  }
  if (connection.status === 'needs_reauth') {
    return new AppError(
      'needs_reauth',
      `Connection '${connection.id}' needs re-authorization (${connection.status_reason ?? 'a refresh failed'}); create an auth session with connection_id to re-authorize it.`,
    )
  }
  return null
}

/**
 * A connection's usable access token: refreshed first when it has expired or expires within 60 s
 * (or when forced) and there is a refresh token. Concurrent callers share one refresh (the
 * connections service runs one token request per connection at a time). A refused refresh moves
 * the connection to needs_reauth and is a 409 `needs_reauth`. An expired token without a refresh
 * token is handed out as it is, with its past `expires_at`: the provider is the judge.
 */
export function createCredentials(deps: {
  connections: ConnectionsService
  events: EventsService
  clock: Clock
}) {
  const { connections, events, clock } = deps

  const dueForRefresh = (connection: Connection) =>
    connection.token_expires_at !== null &&
    Date.parse(connection.token_expires_at) - clock.now() <= REFRESH_MARGIN_MS

  async function usable(
    workspaceId: string,
    id: string,
    options: { origin: string; forceRefresh?: boolean | undefined },
  ) {
    const before = connections.secrets(workspaceId, id)
    const blocked = unusable(before.connection)
    if (blocked) throw blocked
    if (options.forceRefresh || (before.has_refresh_token && dueForRefresh(before.connection))) {
      if (!before.has_refresh_token) {
        throw new AppError(
          'conflict',
          `Connection '${id}' has no refresh token (the provider did not issue one), so it cannot be refreshed.`,
        )
      }
      const after = await connections.refresh(workspaceId, id, { origin: options.origin })
      const refused = unusable(after)
      if (refused) throw refused
      return connections.secrets(workspaceId, id)
    }
    return before
  }

  return {
    /** The secrets of an active connection, refreshed when due (see above). */
    usable,

    /**
     * `GET /api/connections/{id}/credentials`. Every hand-out is recorded as a
     * `connection.credentials_read` event naming the key that read it (`readBy`), never the token.
     */
    async get(
      workspaceId: string,
      id: string,
      options: { origin: string; forceRefresh?: boolean | undefined; readBy: string },
    ): Promise<Credentials> {
      const s = await usable(workspaceId, id, options)
      if (!s.access_token) throw new AppError('conflict', `Connection '${id}' holds no access token.`)
      events.emit(workspaceId, {
        type: 'connection.credentials_read',
        provider: s.connection.provider,
        tenant_id: s.connection.tenant_id,
        connection_id: s.connection.id,
        data: { read_by: options.readBy, mode: s.connection.mode },
      })
      return {
        connection_id: s.connection.id,
        provider: s.connection.provider,
        mode: s.connection.mode,
        type: 'oauth2',
        access_token: s.access_token,
        token_type: s.token_type ?? 'Bearer',
        expires_at: s.connection.token_expires_at,
        scopes: s.connection.scopes,
      }
    },
  }
}
export type CredentialsService = ReturnType<typeof createCredentials>
