import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { type Api, createApi } from './api'

const WORKSPACE_KEY = 'switchyard.workspace'

interface Session {
  api: Api
  baseUrl: string
  /** The admin token and workspace headers, for requests outside the typed client (the event stream). */
  headers(): Record<string, string>
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
  const headers = useCallback(
    () => ({ authorization: `Bearer ${props.token}`, 'switchyard-workspace': workspaceRef.current }),
    [props.token, workspaceRef],
  )
  const api = useMemo(
    () => createApi({ baseUrl: props.baseUrl, headers, onUnauthorized: props.onUnauthorized }),
    [props.baseUrl, headers, props.onUnauthorized],
  )
  const setWorkspace = useCallback((name: string) => {
    localStorage.setItem(WORKSPACE_KEY, name)
    setWorkspaceState(name)
  }, [])
  const value = useMemo(
    () => ({ api, baseUrl: props.baseUrl, headers, workspace, setWorkspace }),
    [api, props.baseUrl, headers, workspace, setWorkspace],
  )
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}
