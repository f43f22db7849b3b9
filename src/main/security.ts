import { UI_CSP } from '../server/ui-csp.js'

/** The window's CSP: the same policy the gateway sends with the UI, enforced again by the shell. */
export const WINDOW_CSP = UI_CSP

/** The origin of a URL, or undefined when it does not parse or has an opaque origin. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** True when both URLs parse and share scheme, host and port (never a string prefix test). */
export function isSameOrigin(url: string, gatewayOrigin: string): boolean {
  const a = originOf(url)
  return a !== undefined && a === originOf(gatewayOrigin)
}

/** An http(s) URL without credentials, short enough to hand to the OS browser. */
export function isSafeExternalUrl(url: string): boolean {
  if (url.length > 2048) return false
  try {
    const parsed = new URL(url)
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password
    )
  } catch {
    return false
  }
}

export type LinkDecision = 'allow' | 'external' | 'deny'

/** In-window navigation: the gateway's own pages stay in the window; web links go to the OS browser. */
export function navigationDecision(url: string, gatewayOrigin: string): LinkDecision {
  if (isSameOrigin(url, gatewayOrigin)) return 'allow'
  return isSafeExternalUrl(url) ? 'external' : 'deny'
}

/** `window.open` and target=_blank: never a new Electron window; safe web links open in the OS browser. */
export function windowOpenDecision(url: string): Exclude<LinkDecision, 'allow'> {
  return isSafeExternalUrl(url) ? 'external' : 'deny'
}

/** Every permission (camera, notifications, geolocation, clipboard read, …) is denied. */
export function permissionDecision(_permission: string): boolean {
  return false
}

/** The BrowserWindow's webPreferences: isolated, sandboxed, no Node, web security on, DevTools only unpackaged. */
export function secureWebPreferences(preload: string, options: { isPackaged: boolean }) {
  return {
    preload,
    devTools: !options.isPackaged,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  } as const
}

/**
 * Response headers with the window's CSP added where the response has none. Pages that bring
 * their own policy (the UI, the simulator's consent screen) keep it: each is at least as strict.
 */
export function withCsp(headers: Record<string, string | string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {}))
    out[name] = Array.isArray(value) ? value : [value]
  if (!Object.keys(out).some((name) => name.toLowerCase() === 'content-security-policy')) {
    out['Content-Security-Policy'] = [WINDOW_CSP]
  }
  return out
}

/** The one IPC message the preload may send, and only from a gateway page. */
export const CONFIG_CHANNEL = 'switchyard:config'

/** Answers the preload's request for the UI config only when the asking frame is on the gateway. */
export function configFor(senderUrl: string, gateway: { baseUrl: string; token: string }) {
  return isSameOrigin(senderUrl, gateway.baseUrl) ? { baseUrl: gateway.baseUrl, token: gateway.token } : null
}
