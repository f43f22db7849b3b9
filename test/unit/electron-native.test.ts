import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { electronNativeBinding } from '../../src/main/native.js'
import { tempDir } from '../helpers/app.js'

const dirs: Array<{ cleanup(): void }> = []
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup()
})

describe('desktop native module', () => {
  it('uses the Electron-ABI build from the packaged app’s resources', () => {
    const d = tempDir()
    dirs.push(d)
    const dir = join(d.dir, 'native', 'electron-45.4.1')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'better_sqlite3.node'), '')
    expect(
      electronNativeBinding({
        isPackaged: true,
        resourcesPath: d.dir,
        appPath: '/nowhere',
        electronVersion: '45.4.1',
      }),
    ).toBe(join(dir, 'better_sqlite3.node'))
  })

  it('uses out/native of a checkout, for the matching Electron version only', () => {
    const d = tempDir()
    dirs.push(d)
    const dir = join(d.dir, 'out', 'native', 'electron-45.4.1')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'better_sqlite3.node'), '')
    const options = { isPackaged: false, resourcesPath: '/nowhere', appPath: d.dir }
    expect(electronNativeBinding({ ...options, electronVersion: '45.4.1' })).toBe(
      join(dir, 'better_sqlite3.node'),
    )
    expect(electronNativeBinding({ ...options, electronVersion: '46.0.0' })).toBeUndefined()
  })
})
