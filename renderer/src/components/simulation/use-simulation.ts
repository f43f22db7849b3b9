import { useQuery, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '../../lib/api'
import { queryKey, type Resource, useKey } from '../../lib/queries'
import { useSession } from '../../lib/session'

/** A simulated connection's account, example calls and faults (`GET /api/connections/{id}/simulation`). */
export function useSimulation(connectionId: string) {
  const { api } = useSession()
  const key = useKey()
  return useQuery({
    queryKey: key('simulation', connectionId),
    queryFn: async () =>
      unwrap(await api.GET('/api/connections/{id}/simulation', { params: { path: { id: connectionId } } })),
  })
}

/**
 * Reloads what a call through the proxy may have changed: the account and its faults (a counted
 * fault was used up), the connection (a revoked token makes it needs_reauth) and the events.
 */
export function useAfterCall() {
  const client = useQueryClient()
  const { workspace } = useSession()
  return () =>
    Promise.all(
      (['simulation', 'connections', 'events'] as Resource[]).map((r) =>
        client.invalidateQueries({ queryKey: queryKey(workspace, r) }),
      ),
    )
}
