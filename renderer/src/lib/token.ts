/** What the desktop preload exposes; absent in a plain browser. */
export interface DesktopBridge {
  baseUrl: string
  token: string
}

declare global {
  interface Window {
    switchyard?: DesktopBridge
  }
}

const STORAGE_KEY = 'switchyard.adminToken'

export interface Credentials {
  baseUrl: string
  token: string | undefined
}

/**
 * Finds the local admin token: from the desktop preload, else from `?token=` (read once, kept in
 * sessionStorage and removed from the address bar so it is not bookmarked or shared by accident),
 * else from an earlier visit in this tab.
 */
export function acquireCredentials(win: Window = window): Credentials {
  if (win.switchyard?.token) return { baseUrl: win.switchyard.baseUrl, token: win.switchyard.token }
  const url = new URL(win.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl !== null) {
    url.searchParams.delete('token')
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    if (fromUrl) {
      win.sessionStorage.setItem(STORAGE_KEY, fromUrl)
      return { baseUrl: win.location.origin, token: fromUrl }
    }
  }
  return { baseUrl: win.location.origin, token: win.sessionStorage.getItem(STORAGE_KEY) ?? undefined }
}

/** Forgets a token the server rejected, so the sign-in screen shows. */
export function forgetToken(win: Window = window) {
  win.sessionStorage.removeItem(STORAGE_KEY)
}
