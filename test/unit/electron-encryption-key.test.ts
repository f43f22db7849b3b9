import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ENCRYPTION_KEY_FILE } from '../../src/core/data-folder.js'
import { type KeyProtector, loadEncryptionKey, WRAPPED_KEY_FILE } from '../../src/main/encryption-key.js'
import { tempDir } from '../helpers/app.js'

/** A stand-in for Electron's safeStorage: reversible, but never the plain text on disk. */
const keychain = (available = true, backend = 'gnome_libsecret'): KeyProtector => ({
  isEncryptionAvailable: () => available,
  encryptString: (s) => Buffer.from(`wrapped:${Buffer.from(s).toString('hex')}`),
  decryptString: (b) => Buffer.from(b.toString().slice('wrapped:'.length), 'hex').toString(),
  getSelectedStorageBackend: () => backend,
})

const dirs: Array<{ cleanup(): void }> = []
const folder = () => {
  const d = tempDir()
  dirs.push(d)
  return d.dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup()
})

describe('desktop encryption key', () => {
  it('wraps a new folder’s key with the OS keychain and writes no plain key file', () => {
    const dir = folder()
    const key = loadEncryptionKey(dir, keychain(), () => {})!
    expect(key).toHaveLength(32)
    expect(existsSync(join(dir, ENCRYPTION_KEY_FILE))).toBe(false)
    const wrapped = readFileSync(join(dir, WRAPPED_KEY_FILE))
    expect(wrapped.includes(key.toString('base64'))).toBe(false)
    expect(statSync(join(dir, WRAPPED_KEY_FILE)).mode & 0o777).toBe(0o600)
  })

  it('unwraps the same key on the next start', () => {
    const dir = folder()
    const first = loadEncryptionKey(dir, keychain(), () => {})!
    expect(loadEncryptionKey(dir, keychain(), () => {})).toEqual(first)
  })

  it('warns and falls back to the plain key file when the OS offers no keychain', () => {
    const warnings: string[] = []
    const dir = folder()
    expect(loadEncryptionKey(dir, keychain(false), (m) => warnings.push(m))).toBeUndefined()
    expect(warnings.join()).toMatch(/no OS keychain/)
    expect(existsSync(join(dir, WRAPPED_KEY_FILE))).toBe(false)
  })

  it('treats Linux’s fixed-password backend as no keychain', () => {
    const warnings: string[] = []
    expect(loadEncryptionKey(folder(), keychain(true, 'basic_text'), (m) => warnings.push(m))).toBeUndefined()
    expect(warnings).toHaveLength(1)
  })

  it('keeps using the command line’s plain key file in a shared folder, and says so', () => {
    const warnings: string[] = []
    const dir = folder()
    writeFileSync(join(dir, ENCRYPTION_KEY_FILE), Buffer.alloc(32, 7).toString('base64'))
    expect(loadEncryptionKey(dir, keychain(), (m) => warnings.push(m))).toBeUndefined()
    expect(warnings.join()).toMatch(/shared with `switchyard serve`/)
    expect(existsSync(join(dir, WRAPPED_KEY_FILE))).toBe(false)
  })

  it('refuses to start, with a clear message, when the wrapped key exists but the keychain is locked', () => {
    const dir = folder()
    loadEncryptionKey(dir, keychain(), () => {})
    expect(() => loadEncryptionKey(dir, keychain(false), () => {})).toThrow(
      /keychain, which is not available/,
    )
  })

  it('rejects a wrapped key that is not 32 bytes', () => {
    const dir = folder()
    writeFileSync(join(dir, WRAPPED_KEY_FILE), keychain().encryptString(Buffer.alloc(5).toString('base64')))
    expect(() => loadEncryptionKey(dir, keychain(), () => {})).toThrow(/32-byte/)
  })
})
