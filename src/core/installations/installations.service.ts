import { type Clock, isoAt } from '../common/clock.js'
import { chosenId, type Ids } from '../common/ids.js'
import { type Db, inTransaction } from '../db/open.js'
import { notFound } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import { type InstallationRow, type InstallationsRepo, toInstallation } from './installations.repo.js'
import type { Installation } from './installations.schema.js'

/** Installations: created by completed install sessions, revoked (uninstalled) for good through the API. */
export function createInstallationsService(deps: {
  db: Db
  repo: InstallationsRepo
  events: EventsService
  clock: Clock
  ids: Ids
}) {
  const { db, repo, events, clock, ids } = deps

  const row = (workspaceId: string, id: string): InstallationRow => {
    const found = repo.get(workspaceId, id)
    if (!found) throw notFound('Installation', id)
    return found
  }

  const emit = (workspaceId: string, r: InstallationRow, type: string, data: Record<string, unknown>) =>
    events.emit(workspaceId, {
      type,
      provider: r.provider,
      tenant_id: r.tenant_id,
      installation_id: r.id,
      data: { status: r.status, mode: r.mode, external_id: r.external_id, ...data },
    })

  return {
    get: (workspaceId: string, id: string): Installation => toInstallation(row(workspaceId, id)),

    /** Records an installation from a completed install session. Call inside the completing transaction. */
    create(
      workspaceId: string,
      input: Pick<
        InstallationRow,
        'provider' | 'provider_config_id' | 'tenant_id' | 'mode' | 'external_id'
      > & {
        session_id: string
      },
      /** `id` chooses the installation's id (fixtures), refused when taken. */
      options: { id?: string } = {},
    ): Installation {
      const now = isoAt(clock.now())
      const created: InstallationRow = {
        id: chosenId(ids, 'inst', options.id, repo.idInUse),
        workspace_id: workspaceId,
        provider: input.provider,
        provider_config_id: input.provider_config_id,
        tenant_id: input.tenant_id,
        mode: input.mode,
        status: 'active',
        external_id: input.external_id,
        created_at: now,
        updated_at: now,
      }
      repo.insert(created)
      emit(workspaceId, created, 'installation.created', { session_id: input.session_id })
      return toInstallation(created)
    },

    /** Uninstalls for good. Idempotent: a second revoke changes nothing and emits no second event. */
    revoke(workspaceId: string, id: string): Installation {
      return inTransaction(db, () => {
        const current = row(workspaceId, id)
        if (current.status === 'revoked') return toInstallation(current)
        const next: InstallationRow = { ...current, status: 'revoked', updated_at: isoAt(clock.now()) }
        repo.setStatus(next)
        emit(workspaceId, next, 'installation.revoked', { previous_status: current.status })
        return toInstallation(next)
      })
    },
  }
}
export type InstallationsService = ReturnType<typeof createInstallationsService>
