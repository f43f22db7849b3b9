import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from './app.js'
import { firstSecretKey, startQuietServer } from './server.js'

export const REDIRECT = 'http://127.0.0.1:9/done'

/**
 * The real gateway on a temp data folder, with helpers to drive a real-mode connect the way a
 * browser does: session → provider authorization endpoint → callback → the app's redirect_url.
 */
export async function startGateway() {
  const data = tempDir()
  const server: RunningServer = await startQuietServer(data.dir)
  server.core.workspaces.setTier('default', 'enterprise', 1_000_000)
  const secretKey = firstSecretKey(server)
  const publishableKey = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> }
  }

  const get = (url: string) => fetch(url, { redirect: 'manual' })

  /**
   * Runs one connect through the real provider and returns where it ended: the app's redirect
   * query (connection_id, or error and error_description), or the provider's refusal page.
   */
  async function connect(body: Record<string, unknown>) {
    const created = await fetch(`${server.url}/auth-sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tenant_id: 'acme', redirect_url: REDIRECT, ...body }),
    })
    if (created.status !== 201) throw new Error(`session: ${created.status} ${await created.text()}`)
    const session = (await created.json()) as { id: string; url: string }
    const start = await get(session.url)
    const authorize = new URL(start.headers.get('location')!)
    const provider = await get(authorize.href)
    const callback = provider.headers.get('location')
    if (provider.status !== 302 || !callback) {
      return { authorize, refused: await provider.text(), result: new URLSearchParams() }
    }
    const finished = await get(callback)
    const location = finished.headers.get('location')
    const result = location?.startsWith(REDIRECT) ? new URL(location).searchParams : new URLSearchParams()
    return { authorize, callback: new URL(callback), finished, result }
  }

  return {
    server,
    api,
    connect,
    callbackUrl: `${server.url}/oauth/callback`,
    async close() {
      await server.close()
      data.cleanup()
    },
  }
}
export type Gateway = Awaited<ReturnType<typeof startGateway>>
