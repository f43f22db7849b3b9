import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { type ApiClient, createApiClient } from './api'

const WORKSPACE_KEY = 'switchyard.workspace'

interface Session {
  api: ApiClient
  baseUrl: string
  workspace: string
  setWorkspace(name: string): void
}

const SessionContext = createContext<Session | undefined>(undefined)

/** Holds the API client (admin token) and the workspace the UI acts on. */
export function SessionProvider(props: {
  baseUrl: string
  token: string
  onUnauthorized: () => void
  children: ReactNode
}) {
  const [workspace, setWorkspaceState] = useState(() => localStorage.getItem(WORKSPACE_KEY) ?? 'default')
  const workspaceRef = useMemo(() => ({ current: workspace }), [workspace])
  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: props.baseUrl,
        token: props.token,
        workspace: () => workspaceRef.current,
        onUnauthorized: props.onUnauthorized,
      }),
    [props.baseUrl, props.token, props.onUnauthorized, workspaceRef],
  )
  const setWorkspace = useCallback((name: string) => {
    localStorage.setItem(WORKSPACE_KEY, name)
    setWorkspaceState(name)
  }, [])
  const value = useMemo(
    () => ({ api, baseUrl: props.baseUrl, workspace, setWorkspace }),
    [api, props.baseUrl, workspace, setWorkspace],
  )
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}
