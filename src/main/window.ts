import { BrowserWindow, type Session, shell } from 'electron'
import {
  navigationDecision,
  permissionDecision,
  secureWebPreferences,
  windowOpenDecision,
  withCsp,
} from './security.js'

/** Applies the session-wide policy: every permission denied, a CSP on every response. */
export function lockDownSession(session: Session) {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permissionDecision(permission)),
  )
  session.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission))
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withCsp(details.responseHeaders) }),
  )
}

/** The main window: loads the gateway's UI and never leaves the gateway's origin. */
export function createMainWindow(options: { baseUrl: string; preload: string }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Switchyard',
    webPreferences: secureWebPreferences(options.preload),
  })
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = navigationDecision(url, options.baseUrl)
    if (decision === 'allow') return
    event.preventDefault()
    if (decision === 'external') void shell.openExternal(url)
  }
  win.webContents.on('will-navigate', guard)
  win.webContents.on('will-redirect', guard)
  win.webContents.on('will-attach-webview', (event) => event.preventDefault())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (windowOpenDecision(url) === 'external') void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(`${options.baseUrl}/`)
  return win
}
