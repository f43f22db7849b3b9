import { isSameOrigin, navigationDecision, windowOpenDecision } from './security.js'

/** What a navigation handler reads of Electron's event: the target, and a way to stop it. */
export interface NavigationEvent {
  url: string
  preventDefault(): void
}

/**
 * The navigation and window-open policy of every web contents in the app (the main window, and any
 * other contents Electron creates: a future window, a devtools-less popup, a subframe), as plain
 * handlers so they are tested without Electron. `gatewayOrigin` is undefined until the server runs:
 * until then nothing navigates in-window. `openExternal` hands a safe web link to the OS browser.
 */
export function createContentsPolicy(deps: {
  gatewayOrigin: () => string | undefined
  openExternal: (url: string) => void
}) {
  const mainFrame = (event: NavigationEvent) => {
    const decision = navigationDecision(event.url, deps.gatewayOrigin() ?? '')
    if (decision === 'allow') return
    event.preventDefault()
    if (decision === 'external') deps.openExternal(event.url)
  }
  return {
    /** `will-navigate` and `will-redirect` (main frame): the gateway stays in-window, web links go out. */
    willNavigate: mainFrame,
    willRedirect: mainFrame,
    /**
     * `will-frame-navigate` fires for every frame. The main frame is decided by `will-navigate`
     * (which also fires for it); a subframe may load the gateway's own pages and nothing else, and
     * never opens the OS browser (an embedded frame must not launch links by itself).
     */
    willFrameNavigate(event: NavigationEvent & { isMainFrame: boolean }) {
      if (event.isMainFrame) return
      if (!isSameOrigin(event.url, deps.gatewayOrigin() ?? '')) event.preventDefault()
    },
    /** `<webview>` is off in webPreferences; refuse an attach anyway. */
    willAttachWebview(event: { preventDefault(): void }) {
      event.preventDefault()
    },
    /** `window.open` / target=_blank: never a new Electron window; safe web links open outside. */
    windowOpen(details: { url: string }): { action: 'deny' } {
      if (windowOpenDecision(details.url) === 'external') deps.openExternal(details.url)
      return { action: 'deny' }
    },
  }
}
export type ContentsPolicy = ReturnType<typeof createContentsPolicy>
