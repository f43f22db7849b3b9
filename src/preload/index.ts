import { contextBridge, ipcRenderer } from 'electron'

// The renderer gets exactly { baseUrl, token } — no Node, no IPC. The main process answers only
// for a frame on the gateway's own origin.
const config = ipcRenderer.sendSync('switchyard:config') as { baseUrl: string; token: string } | null
if (config) {
  contextBridge.exposeInMainWorld(
    'switchyard',
    Object.freeze({ baseUrl: config.baseUrl, token: config.token }),
  )
}
