import { isoAt } from '../../common/clock.js'
import type { Ids } from '../../common/ids.js'
import type { Connection } from '../../connections/connections.schema.js'
import type { ConnectionsService } from '../../connections/connections.service.js'
import { type Db, inTransaction } from '../../db/open.js'
import type { EventsService } from '../../events/events.service.js'
import type { Fault, FaultInput } from './faults.schema.js'
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

  return {
    list(workspaceId: string, connectionId: string): Fault[] {
      const connection = simulatedConnection(workspaceId, connectionId)
      return account(workspaceId, connection).faults
    },

    add(workspaceId: string, connectionId: string, input: FaultInput): Fault {
      return inTransaction(db, () => {
        const connection = simulatedConnection(workspaceId, connectionId)
        const { faults } = account(workspaceId, connection)
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
