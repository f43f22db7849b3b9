import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SearchRequest } from './api'
import { useSession } from './session'
import type { Workspace } from './types'

/** Query keys start with the workspace, so switching workspaces never shows another's data. */
export function useKey() {
  const { workspace } = useSession()
  return (...parts: unknown[]) => [workspace, ...parts]
}

export function useWorkspaces() {
  const { api } = useSession()
  return useQuery({
    queryKey: ['admin', 'workspaces'],
    queryFn: () => api.request<{ data: Workspace[] }>('GET', '/api/admin/workspaces'),
    select: (r) => r.data,
    retry: false,
  })
}

/**
 * One searchable resource as an infinite list: the first page, then "Load more" by cursor.
 * `live` polls, for lists that change without the UI doing anything (events, connections).
 */
export function useSearchList<T>(resource: string, body: SearchRequest, options: { live?: boolean } = {}) {
  const { api } = useSession()
  const key = useKey()
  return useInfiniteQuery({
    queryKey: key(resource, 'search', body),
    queryFn: ({ pageParam, signal }) =>
      api.request<{ data: T[]; has_more: boolean; next_cursor?: string; limit: number }>(
        'POST',
        `/api/${resource}/search`,
        { ...body, ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : undefined),
    ...(options.live && { refetchInterval: 15_000 }),
  })
}

/** A mutation that refreshes the given resources' lists when it succeeds. */
export function useApiMutation<V, R>(fn: (vars: V) => Promise<R>, invalidates: string[]) {
  const client = useQueryClient()
  const { workspace } = useSession()
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        ...invalidates.map((r) => client.invalidateQueries({ queryKey: [workspace, r] })),
        client.invalidateQueries({ queryKey: [workspace, 'overview'] }),
      ])
    },
  })
}
