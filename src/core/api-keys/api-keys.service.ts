import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError, notFound } from '../errors.js'
import { type ApiKeysRepo, toApiKey } from './api-keys.repo.js'
import type { ApiKey, CreatedApiKey } from './api-keys.schema.js'
import { generateKey, hashKey, type KeyRole, parseKey, sameHash } from './key-format.js'

/** The key behind a request, once checked. */
export interface KeyPrincipal {
  workspaceId: string
  role: KeyRole
  keyId: string
}

/** API key rules: create (shown once), revoke (permanent, idempotent), authenticate (no cache). */
export function createApiKeysService(deps: { db: Db; repo: ApiKeysRepo; clock: Clock; ids: Ids }) {
  const { db, repo, clock, ids } = deps
  const service = {
    create(workspaceId: string, input: { name: string; role: KeyRole }): CreatedApiKey {
      const key = generateKey(input.role)
      const row = {
        id: ids.next('key'),
        workspace_id: workspaceId,
        name: input.name,
        role: input.role,
        prefix: parseKey(key)!.prefix,
        key_hash: hashKey(key),
        created_at: isoAt(clock.now()),
      }
      repo.insert(row)
      return { id: row.id, key, name: row.name, role: row.role, created_at: row.created_at }
    },

    /**
     * Registers a key whose full value is given (fixtures: a test environment holds a known key).
     * A value already registered to this workspace is left as it is; one of another workspace is a 409.
     */
    adopt(workspaceId: string, input: { name: string; key: string }): { id: string; created: boolean } {
      const parsed = parseKey(input.key)
      if (!parsed)
        throw new AppError('invalid_request', 'The API key is malformed (wrong prefix, length or checksum).')
      const hash = hashKey(input.key)
      const existing = repo.findByPrefix(parsed.prefix).find((row) => sameHash(row.key_hash, hash))
      if (existing && existing.workspace_id !== workspaceId)
        throw new AppError('conflict', 'This API key value already belongs to another workspace.')
      if (existing) return { id: existing.id, created: false }
      const row = {
        id: ids.next('key'),
        workspace_id: workspaceId,
        name: input.name,
        role: parsed.role,
        prefix: parsed.prefix,
        key_hash: hash,
        created_at: isoAt(clock.now()),
      }
      repo.insert(row)
      return { id: row.id, created: true }
    },

    /** Revokes a key of the workspace; revoking twice is fine, an unknown id is 404. */
    revoke(workspaceId: string, id: string): ApiKey {
      const existing = repo.findById(workspaceId, id)
      if (!existing) throw notFound('API key', id)
      repo.revoke(workspaceId, id, isoAt(clock.now()))
      return toApiKey(repo.findById(workspaceId, id)!)
    },

    list: (workspaceId: string) => repo.listAll(workspaceId),

    /**
     * Checks a presented key against the database on every call, so a revocation is seen by the
     * very next request, also from another process sharing the data folder.
     */
    authenticate(token: string): KeyPrincipal {
      const parsed = parseKey(token)
      if (!parsed) {
        throw new AppError(
          'unauthorized',
          'The API key is malformed. Keys look like sk_… or pk_… (41 characters).',
        )
      }
      const presented = hashKey(token)
      const match = repo.findByPrefix(parsed.prefix).find((row) => sameHash(row.key_hash, presented))
      if (!match) throw new AppError('unauthorized', 'The API key is not known to this gateway.')
      if (match.revoked_at) {
        throw new AppError('api_key_revoked', `The API key '${match.id}' was revoked at ${match.revoked_at}.`)
      }
      return { workspaceId: match.workspace_id, role: match.role, keyId: match.id }
    },

    /** A fresh secret + publishable pair for the dashboard's quick start, dated by name; both or neither. */
    createQuickStartPair(workspaceId: string): { secret: CreatedApiKey; publishable: CreatedApiKey } {
      const date = isoAt(clock.now()).slice(0, 10)
      return inTransaction(db, () => ({
        secret: service.create(workspaceId, { name: `Quick start secret key (${date})`, role: 'secret' }),
        publishable: service.create(workspaceId, {
          name: `Quick start publishable key (${date})`,
          role: 'publishable',
        }),
      }))
    },
  }
  return service
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>
