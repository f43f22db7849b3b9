import { useQuery } from '@tanstack/react-query'
import { unwrap } from './api'
import { useKey } from './queries'
import { useSession } from './session'

/** How the catalog's auth types read in the UI. */
export const AUTH_LABELS: Record<string, string> = {
  oauth2: 'OAuth 2',
  api_key: 'API key',
  basic: 'Basic auth',
  app_install: 'App install',
}

/** Loads the catalog's categories with their provider counts. */
export function useCategories() {
  const { api } = useSession()
  const key = useKey()
  return useQuery({
    queryKey: key('providers', 'categories'),
    queryFn: async () => unwrap(await api.GET('/providers/categories')),
    select: (r) => r.data,
    staleTime: 60_000,
  })
}
