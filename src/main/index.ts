import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, type BrowserWindow, dialog, ipcMain, safeStorage } from 'electron'
import { type RunningServer, startServer } from '../server/index.js'
import { loadEncryptionKey } from './encryption-key.js'
import { installMenu } from './menu.js'
import { CONFIG_CHANNEL, configFor } from './security.js'
import { createMainWindow, electronContentsPolicy, guardWebContents } from './window.js'

// A thin shell: the same server as `switchyard serve`, in-process, on the user-data folder.
const PREFERRED_PORT = 4747
const here = fileURLToPath(new URL('.', import.meta.url))
let server: RunningServer | undefined
let window: BrowserWindow | undefined
let quitting = false

async function listen(folder: Parameters<typeof startServer>[0]['folder'], dataDir: string) {
  const config = { dataDir, host: '127.0.0.1', folder }
  try {
    return await startServer({ ...config, port: PREFERRED_PORT })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err
    return startServer({ ...config, port: 0 })
  }
}

async function start() {
  const dataDir = app.getPath('userData')
  const encryptionKey = loadEncryptionKey(dataDir, safeStorage, (m) => console.warn(`[switchyard] ${m}`))
  // better-sqlite3's N-API prebuild loads in Electron as it is: no Electron-ABI build to find.
  server = await listen({ ...(encryptionKey && { encryptionKey }) }, dataDir)
  const gateway = { baseUrl: server.url, token: server.adminToken }
  ipcMain.on(CONFIG_CHANNEL, (event) => {
    event.returnValue = configFor(event.senderFrame?.url ?? '', gateway)
  })
  installMenu({ baseUrl: server.url, dataDir })
  window = createMainWindow({
    baseUrl: server.url,
    preload: join(here, '../preload/index.cjs'),
    isPackaged: app.isPackaged,
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore()
    window?.focus()
  })
  // Every web contents, whoever creates it, gets the navigation, window-open and permission policy.
  const policy = electronContentsPolicy(() => server?.url)
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, policy))
  app.on('window-all-closed', () => app.quit())
  // Close the server (which checkpoints the database) before the process goes away.
  app.on('before-quit', (event) => {
    if (!server || quitting) return
    event.preventDefault()
    quitting = true
    void server.close().finally(() => app.quit())
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit())
  app
    .whenReady()
    .then(start)
    .catch((err: Error) => {
      dialog.showErrorBox(
        'Switchyard could not start',
        `${err.message}\n\nFrom a checkout, start it with: npm run desktop`,
      )
      app.exit(1)
    })
}
