// Prepares the desktop app, once per Electron version (both steps need network access the first time):
// 1. with --binary: downloads the Electron binary, which `npm install` skips (package.json allowScripts);
// 2. builds better-sqlite3 for Electron's ABI into out/native/electron-<version>/ — a copy, so the Node
//    build in node_modules (used by `npm test` and the CLI) is never touched (CONVENTIONS rule 9).
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version
const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'))
const sqliteVersion = JSON.parse(readFileSync(join(sqliteDir, 'package.json'), 'utf8')).version
const target = join(root, 'out', 'native', `electron-${electronVersion}`, 'better_sqlite3.node')

if (process.argv.includes('--binary')) {
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
}

if (existsSync(target) && !process.argv.includes('--force')) process.exit(0)

console.log(`building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}…`)
const work = mkdtempSync(join(tmpdir(), 'switchyard-native-'))
try {
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({
      name: 'switchyard-native',
      version: '0.0.0',
      dependencies: { 'better-sqlite3': sqliteVersion },
    }),
  )
  for (const dep of ['better-sqlite3', 'bindings', 'file-uri-to-path']) {
    const from = dirname(require.resolve(`${dep}/package.json`, { paths: [sqliteDir] }))
    cpSync(from, join(work, 'node_modules', dep), {
      recursive: true,
      filter: (p) => !p.includes(`${dep}/build/`),
    })
  }
  const { rebuild } = await import('@electron/rebuild')
  try {
    await rebuild({
      buildPath: work,
      electronVersion,
      onlyModules: ['better-sqlite3'],
      force: true,
      mode: 'sequential',
    })
  } catch (err) {
    console.error(
      `could not build better-sqlite3 for Electron ${electronVersion}: ${err.message}\n` +
        'This step downloads the Electron headers (or a prebuilt binary) and needs network access once.',
    )
    process.exitCode = 1
    throw err
  }
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(join(work, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), target)
  console.log(`wrote ${target}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
