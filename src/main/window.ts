import { BrowserWindow, type Session, shell, type WebContents } from 'electron'
import { type ContentsPolicy, createContentsPolicy } from './contents-policy.js'
import { permissionDecision, secureWebPreferences, withCsp } from './security.js'

const lockedSessions = new WeakSet<Session>()

/** Applies the session-wide policy once per session: every permission denied, a CSP on every response. */
export function lockDownSession(session: Session) {
  if (lockedSessions.has(session)) return
  lockedSessions.add(session)
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permissionDecision(permission)),
  )
  session.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission))
  session.setDevicePermissionHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withCsp(details.responseHeaders) }),
  )
}

/** The app-wide policy for one web contents (installed from `web-contents-created`, so none escapes it). */
export function guardWebContents(contents: WebContents, policy: ContentsPolicy) {
  lockDownSession(contents.session)
  contents.on('will-navigate', policy.willNavigate)
  contents.on('will-redirect', policy.willRedirect)
  contents.on('will-frame-navigate', policy.willFrameNavigate)
  contents.on('will-attach-webview', policy.willAttachWebview)
  contents.setWindowOpenHandler(policy.windowOpen)
}

/** The policy with Electron's OS-browser hand-off; `gatewayOrigin` is known once the server runs. */
export const electronContentsPolicy = (gatewayOrigin: () => string | undefined) =>
  createContentsPolicy({ gatewayOrigin, openExternal: (url) => void shell.openExternal(url) })

/** The main window: loads the gateway's UI (navigation is guarded app-wide, see `guardWebContents`). */
export function createMainWindow(options: {
  baseUrl: string
  preload: string
  isPackaged: boolean
}): BrowserWindow {
  const win = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Switchyard',
    webPreferences: secureWebPreferences(options.preload, { isPackaged: options.isPackaged }),
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(`${options.baseUrl}/`)
  return win
}
