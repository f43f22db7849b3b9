import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { sameDurabilityAs } from '../../src/core/db/durability.js'
import { openDatabase } from '../../src/core/db/open.js'
import { tempDir } from '../helpers/app.js'
import { runCli, startServe } from '../helpers/cli.js'

// SQLite's codes for `PRAGMA synchronous`: 1 NORMAL, 2 FULL.
it('opens the database with synchronous = FULL by default and NORMAL when asked; a second connection copies it', () => {
  const dir = tempDir('switchyard-durability-')
  try {
    const full = openDatabase({ path: join(dir.dir, 'full.db') })
    const normal = openDatabase({ path: join(dir.dir, 'normal.db'), durability: 'normal' })
    expect(full.pragma('synchronous', { simple: true })).toBe(2)
    expect(normal.pragma('synchronous', { simple: true })).toBe(1)
    expect(normal.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(sameDurabilityAs(full)).toBe('synchronous = FULL')
    expect(sameDurabilityAs(normal)).toBe('synchronous = NORMAL')
    full.close()
    normal.close()
  } finally {
    dir.cleanup()
  }
})

it('serve --durability normal says so, captures webhooks, and keeps them after a clean stop', async () => {
  const dir = tempDir('switchyard-durability-')
  const s = await startServe(['--data', dir.dir, '--durability', 'normal'])
  try {
    expect(s.output()).toContain('durability: normal')
    const send = () => fetch(`${s.url}/webhooks/github`, { method: 'POST', body: '{"zen":"ok"}' })
    const answers = await Promise.all(Array.from({ length: 40 }, send))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    // Time for the checkpoint thread to start (a round is due 100 ms after a write): the stop must end it.
    await new Promise((resolve) => setTimeout(resolve, 500))
  } finally {
    expect(await s.stop()).toBe(0)
  }
  // The stop waited for the checkpoint thread and then closed the database: one file at rest.
  expect(existsSync(join(dir.dir, 'switchyard.db-wal'))).toBe(false)
  const db = new Database(join(dir.dir, 'switchyard.db'), { readonly: true })
  const n = db.prepare("SELECT COUNT(*) AS n FROM events WHERE type = 'webhook.received'").pluck().get()
  db.close()
  dir.cleanup()
  expect(n).toBe(40)
  expect(s.output()).not.toContain('could not start')
})

it('serve --durability with another value is a usage error that names the choices', () => {
  const res = runCli(['serve', '--durability', 'fast', '--port', '0'])
  expect(res.code).toBe(2)
  expect(res.stderr).toMatch(/durability/)
  expect(res.stderr).toMatch(/full|normal/)
})
