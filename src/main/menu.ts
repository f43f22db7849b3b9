import { app, clipboard, Menu, type MenuItemConstructorOptions, shell } from 'electron'

/** The application menu: copy the base URL, open the data folder, and the usual edit/view roles. */
export function installMenu(options: { baseUrl: string; dataDir: string }) {
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'Switchyard',
      submenu: [
        {
          label: 'Copy base URL',
          accelerator: 'CmdOrCtrl+Shift+C',
          click: () => clipboard.writeText(options.baseUrl),
        },
        { label: 'Open data folder', click: () => void shell.openPath(options.dataDir) },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ]
  if (process.platform === 'darwin')
    template.unshift({
      label: app.name,
      submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'quit' }],
    })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
