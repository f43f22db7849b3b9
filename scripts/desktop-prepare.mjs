// Prepares the desktop app: downloads the Electron binary, which `npm install` skips (package.json
// allowScripts), once per Electron version; it needs network access that one time. better-sqlite3 needs
// no Electron build of its own: its N-API prebuild (inside the package) loads in Electron as it is.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const electronVersion = require('electron/package.json').version

try {
  require('electron')
} catch {
  console.log(`downloading Electron ${electronVersion}…`)
  try {
    execFileSync(process.execPath, [require.resolve('electron/install.js')], { stdio: 'inherit' })
  } catch {
    console.error(`could not download Electron ${electronVersion}: this step needs network access once.`)
    process.exit(1)
  }
}
