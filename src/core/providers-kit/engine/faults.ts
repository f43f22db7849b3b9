import { isoAt } from '../../common/clock.js'
import type { Ids } from '../../common/ids.js'
import type { Connection } from '../../connections/connections.schema.js'
import type { ConnectionsService } from '../../connections/connections.service.js'
import { type Db, inTransaction } from '../../db/open.js'
import { AppError } from '../../errors.js'
import type { EventsService } from '../../events/events.service.js'
import { type Fault, type FaultInput, MAX_FAULTS_PER_CONNECTION } from './faults.schema.js'
import type { EngineParts } from './shared.js'
import type { TokenLedger } from './token-ledger.js'

/** The faults API behind `/api/connections/{id}/faults` (the answerer uses them up). */
export function createFaults(
  parts: EngineParts,
  deps: { db: Db; ids: Ids; ledger: TokenLedger; connections: ConnectionsService; events: EventsService },
) {
  const { clock, repo } = parts
  const { db, ids, ledger, connections, events } = deps
  const { account, simulatedConnection } = parts
  const emitFaultEvent = (
    workspaceId: string,
    connection: Connection,
    type: string,
    data: Record<string, unknown>,
  ) =>
    events.emit(workspaceId, {
      type,
      provider: connection.provider,
      tenant_id: connection.tenant_id,
      connection_id: connection.id,
      data,
    })

  /** The faults to keep before one is added: used-up ones go (oldest first) once the cap is reached. */
  const roomFor = (connectionId: string, faults: Fault[]): Fault[] => {
    if (faults.length < MAX_FAULTS_PER_CONNECTION) return faults
    const drop = faults.length - MAX_FAULTS_PER_CONNECTION + 1
    const usedUp = faults.filter((f) => f.remaining === 0).slice(0, drop)
    if (usedUp.length < drop) {
      throw new AppError(
        'conflict',
        `Connection '${connectionId}' already has ${MAX_FAULTS_PER_CONNECTION} pending faults (the most one connection keeps); clear them first (DELETE /api/connections/${connectionId}/faults).`,
      )
    }
    return faults.filter((f) => !usedUp.includes(f))
  }

  return {
    list(workspaceId: string, connectionId: string): Fault[] {
      const connection = simulatedConnection(workspaceId, connectionId)
      return account(workspaceId, connection).faults
    },

    add(workspaceId: string, connectionId: string, input: FaultInput): Fault {
      return inTransaction(db, () => {
        const connection = simulatedConnection(workspaceId, connectionId)
        const faults = roomFor(connectionId, account(workspaceId, connection).faults)
        const counted = 'count' in input ? input.count : null
        const fault: Fault = {
          id: ids.next('flt'),
          kind: input.kind,
          count: counted,
          remaining: counted ?? 0,
          status: input.kind === 'server_error' ? input.status : null,
          ms: input.kind === 'latency' ? input.ms : null,
          created_at: isoAt(clock.now()),
        }
        if (input.kind === 'expire_token' || input.kind === 'revoke_access') {
          ledger.claim(workspaceId, connectionId, connections.secrets(workspaceId, connectionId).access_token)
          if (input.kind === 'expire_token') ledger.expire(workspaceId, connectionId)
          else ledger.revoke(workspaceId, connectionId)
        }
        faults.push(fault)
        repo.saveFaults(workspaceId, connectionId, JSON.stringify(faults))
        emitFaultEvent(workspaceId, connection, 'connection.fault_injected', { fault })
        return fault
      })
    },

    /** Clears pending faults (token faults already applied stay applied: a refresh or reconnect repairs them). */
    clear(workspaceId: string, connectionId: string): void {
      inTransaction(db, () => {
        const connection = simulatedConnection(workspaceId, connectionId)
        const { faults } = account(workspaceId, connection)
        repo.saveFaults(workspaceId, connectionId, '[]')
        emitFaultEvent(workspaceId, connection, 'connection.fault_cleared', { cleared: faults.length })
      })
    },
  }
}
