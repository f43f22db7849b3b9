import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Shell } from './components/shell'
import { ToastProvider } from './components/toast'
import { ApiError } from './lib/api'
import { ThemeProvider } from './lib/theme'
import { acquireCredentials, forgetToken } from './lib/token'
import { NoTokenPage } from './pages/no-token'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
})

/** Without a valid admin token the UI shows only how to get one; nothing sensitive is fetched. */
export function App() {
  const [credentials, setCredentials] = useState(acquireCredentials)
  const [rejected, setRejected] = useState(false)
  const onUnauthorized = useCallback(() => {
    forgetToken()
    queryClient.clear()
    setRejected(true)
    setCredentials((c) => ({ ...c, token: undefined }))
  }, [])
  if (!credentials.token) return <NoTokenPage rejected={rejected} />
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Shell baseUrl={credentials.baseUrl} token={credentials.token} onUnauthorized={onUnauthorized} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  )
}
