import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { paths } from '../../../src/sdk/api-types'
import { type Schemas, unwrap } from './api'
import { useSession } from './session'

/** The search endpoints (`POST /api/<resource>/search`) and the item each one pages through. */
type SearchPath = Extract<keyof paths, `/api/${string}/search`>
type SearchPage<P extends SearchPath> = paths[P]['post']['responses'][200]['content']['application/json']
/** A whole item: the UI never asks for `fields`, so every field is there. */
export type SearchItem<P extends SearchPath> = Required<SearchPage<P>['data'][number]>
type WholePage<P extends SearchPath> = Omit<SearchPage<P>, 'data'> & { data: SearchItem<P>[] }

/** What the dashboard caches per workspace: the second part of every query key. */
export type Resource =
  | 'overview'
  | 'providers'
  | 'provider-configs'
  | 'connections'
  | 'installations'
  | 'events'
  | 'recordings'
  /** One recording's detail, apart from 'recordings': deleting it must not refetch it (a 404). */
  | 'recording'
  | 'mock-routes'
  | 'simulation'
  | 'api-keys'
  | 'webhook-endpoints'
  | 'trigger-types'
  | 'workspace-settings'
  | 'sync-jobs'

/**
 * The one query-key factory: the workspace first (switching workspaces never shows another's
 * data), then the resource, then what narrows it; invalidating `[workspace, resource]` refreshes
 * every query of that resource (its lists and its details alike).
 */
export const queryKey = (workspace: string, resource: Resource, ...parts: unknown[]) => [
  workspace,
  resource,
  ...parts,
]

/** `queryKey` for the session's workspace. */
export function useKey() {
  const { workspace } = useSession()
  return (resource: Resource, ...parts: unknown[]) => queryKey(workspace, resource, ...parts)
}

export function useWorkspaces() {
  const { api } = useSession()
  return useQuery({
    queryKey: ['admin', 'workspaces'],
    queryFn: async () => unwrap(await api.GET('/api/admin/workspaces')),
    select: (r) => r.data,
    retry: false,
  })
}

/**
 * One searchable resource as an infinite list: the first page, then "Load more" by cursor.
 * `live` polls, for lists that change without the UI doing anything (events, connections).
 */
export function useSearchList<P extends SearchPath>(
  path: P,
  body: Schemas['SearchRequest'],
  options: { live?: boolean } = {},
) {
  const { api } = useSession()
  const key = useKey()
  return useInfiniteQuery({
    queryKey: key(path.split('/')[2] as Resource, 'search', body),
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        // A path of the union, with its own (shared) request body: openapi-fetch cannot narrow a generic path.
        (await api.POST(path as SearchPath, {
          body: { ...body, ...(pageParam && { cursor: pageParam }) },
          signal,
        })) as { data?: WholePage<P>; error?: unknown; response: Response },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : undefined),
    ...(options.live && { refetchInterval: 15_000 }),
  })
}

/** A mutation that refreshes the given resources' lists when it succeeds. */
export function useApiMutation<V, R>(fn: (vars: V) => Promise<R>, invalidates: Resource[]) {
  const client = useQueryClient()
  const { workspace } = useSession()
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        ...invalidates.map((r) => client.invalidateQueries({ queryKey: queryKey(workspace, r) })),
        client.invalidateQueries({ queryKey: queryKey(workspace, 'overview') }),
      ])
    },
  })
}

/** The gateway's /health, every 10 s: whether it can store writes (a full disk says `degraded`). */
export function useHealth() {
  const { api } = useSession()
  return useQuery({
    queryKey: ['health'],
    queryFn: async () => unwrap(await api.GET('/health')),
    refetchInterval: 10_000,
    retry: false,
  })
}
