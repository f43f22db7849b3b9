import { chmodSync, existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'

const source = tempDir('switchyard-snap-src-')
const out = tempDir('switchyard-snap-out-')
let server: ServeProcess
let secret: string

const search = (url: string, key: string) =>
  fetch(`${url}/api/api-keys/search`, { method: 'POST', headers: { authorization: `Bearer ${key}` } })

const createKey = (dir: string, name: string) =>
  JSON.parse(
    runCli(['keys', 'create', '--name', name, '--role', 'secret', '--json', '--data', dir]).stdout,
  ) as {
    id: string
    key: string
  }

beforeAll(async () => {
  server = await startServe(['--data', source.dir])
  secret = /secret\s+(sk_\w+)/.exec(server.output())![1]!
  runCli(['keys', 'create', '--name', 'before export', '--role', 'publishable', '--data', source.dir])
})
afterAll(async () => {
  await server.stop()
  source.cleanup()
  out.cleanup()
})

describe('switchyard export / import', () => {
  it('exports a consistent snapshot while the server runs', () => {
    const file = join(out.dir, 'snap.db')
    const res = runCli(['export', '--out', file, '--json', '--data', source.dir])
    expect(res.code).toBe(0)
    const result = JSON.parse(res.stdout)
    expect(result.bytes).toBeGreaterThan(0)
    expect(result.tables.api_keys).toBe(3)
    expect(existsSync(file)).toBe(true)
  })

  it('lists the counts in one column, also next to the longest table name', () => {
    runCli(['workspaces', 'origins', 'add', 'https://app.example', '--data', source.dir])
    const res = runCli(['export', '--out', join(out.dir, 'columns.db'), '--data', source.dir])
    expect(res.code).toBe(0)
    const rows = (res.stdout + res.stderr).split('\n').filter((l) => /^ {2}[a-z_]+ +\d+$/.test(l))
    expect(rows.some((l) => l.includes('workspace_redirect_origins'))).toBe(true)
    expect(new Set(rows.map((l) => l.search(/\d+$/))).size).toBe(1)
  })

  it('importing into the same folder rolls its data back to the snapshot', async () => {
    const file = join(out.dir, 'rollback.db')
    runCli(['export', '--out', file, '--data', source.dir])
    const later = createKey(source.dir, 'after export')
    expect((await search(server.url, later.key)).status).toBe(200)
    const res = runCli(['import', file, '--data', source.dir])
    expect(res.code).toBe(0)
    expect((await search(server.url, later.key)).status).toBe(401)
    expect((await search(server.url, secret)).status).toBe(200)
  })

  it("another folder needs the source folder's key, and then serves the snapshot's keys", async () => {
    const file = join(out.dir, 'move.db')
    runCli(['export', '--out', file, '--data', source.dir])
    const target = tempDir()
    try {
      const refused = runCli(['import', file, '--data', target.dir])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain('--key-file')
      const ok = runCli([
        'import',
        file,
        '--key-file',
        join(source.dir, 'encryption.key'),
        '--data',
        target.dir,
      ])
      expect(ok.code).toBe(0)
      const moved = await startServe(['--data', target.dir])
      try {
        expect((await search(moved.url, secret)).status).toBe(200)
      } finally {
        await moved.stop()
      }
    } finally {
      target.cleanup()
    }
  })

  it('a file that is not a snapshot is refused and changes nothing', async () => {
    const junk = join(out.dir, 'junk.db')
    writeFileSync(junk, 'not a database at all')
    const res = runCli(['import', junk, '--data', source.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('is not a Switchyard snapshot')
    expect((await search(server.url, secret)).status).toBe(200)
  })

  it('a missing snapshot file is a clear error', () => {
    const res = runCli(['import', join(out.dir, 'nope.db'), '--data', source.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('No snapshot at')
  })
})

describe('switchyard reset', () => {
  it('refuses without --yes', () => {
    const res = runCli(['reset', '--data', source.dir])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('--yes')
  })

  it('wipes everything and prints fresh keys; the running server rejects the old ones', async () => {
    const dir = tempDir()
    const s = await startServe(['--data', dir.dir])
    try {
      const old = /secret\s+(sk_\w+)/.exec(s.output())![1]!
      const capture = () => fetch(`${s.url}/webhooks/github`, { method: 'POST', body: '{}' })
      expect((await capture()).status).toBe(200)
      const res = runCli(['reset', '--yes', '--json', '--data', dir.dir])
      expect(res.code).toBe(0)
      const fresh = JSON.parse(res.stdout).keys.find((k: { role: string }) => k.role === 'secret').key
      expect((await search(s.url, old)).status).toBe(401)
      expect((await search(s.url, fresh)).status).toBe(200)
      // Capture looks up the default workspace by name: the reset made a new one, with a new id.
      const { id } = await (await capture()).json()
      const event = await fetch(`${s.url}/api/events/${id}`, {
        headers: { authorization: `Bearer ${fresh}` },
      })
      expect(event.status).toBe(200)
    } finally {
      await s.stop()
      dir.cleanup()
    }
  })
})

describe('switchyard doctor', () => {
  it('a healthy folder passes every check', () => {
    const dir = tempDir()
    runCli(['workspaces', 'list', '--data', dir.dir])
    const res = runCli(['doctor', '--json', '--data', dir.dir])
    const report = JSON.parse(res.stdout)
    const names = report.checks.map((c: { name: string }) => c.name)
    expect(names).toEqual(
      expect.arrayContaining(['Node.js', 'SQLite native module', 'Provider catalog', 'Database']),
    )
    expect(
      report.checks.filter((c: { name: string; ok: boolean }) => c.name !== 'Port 4747' && !c.ok),
    ).toEqual([])
    dir.cleanup()
  })

  it('a swapped encryption key is reported with a fix, and exits 1', () => {
    const dir = tempDir()
    runCli(['workspaces', 'list', '--data', dir.dir])
    const keyFile = join(dir.dir, 'encryption.key')
    chmodSync(keyFile, 0o600)
    writeFileSync(keyFile, Buffer.alloc(32, 7).toString('base64'))
    const res = runCli(['doctor', '--data', dir.dir])
    expect(res.code).toBe(1)
    expect(res.stdout).toMatch(/✗ Database\s+The encryption key does not match/)
    expect(res.stdout).toContain('fix:')
    dir.cleanup()
  })

  it('a port taken by a running Switchyard is fine', () => {
    const res = runCli(['doctor', '--port', new URL(server.url).port, '--json', '--data', source.dir])
    const port = JSON.parse(res.stdout).checks.find((c: { name: string }) => c.name.startsWith('Port'))
    expect(port).toMatchObject({ ok: true, detail: expect.stringContaining('Switchyard') })
  })
})
