import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { CLI, runCli } from '../helpers/cli.js'

const temp = tempDir('switchyard-wrong-')
const file = join(temp.dir, 'a-file')
writeFileSync(file, 'not a folder')

// A folder the user cannot write: root writes anywhere, so as root a read-only tmpfs stands in.
const unwritable = join(temp.dir, 'locked')
mkdirSync(unwritable)
const isRoot = process.getuid?.() === 0
let mountedReadOnly = false
if (isRoot && process.platform === 'linux') {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', unwritable], { stdio: 'pipe' })
    mountedReadOnly = true
  } catch {
    // Left writable: its case is skipped below.
  }
} else chmodSync(unwritable, 0o500)
afterAll(() => {
  if (mountedReadOnly) execFileSync('umount', ['-l', unwritable])
  else chmodSync(unwritable, 0o700)
  temp.cleanup()
})

const CASES: Array<{ name: string; dir: string; skip?: boolean }> = [
  { name: 'a regular file', dir: file },
  { name: 'a folder under a regular file', dir: join(file, 'data') },
  { name: 'a folder nobody lets you write', dir: join(unwritable, 'data'), skip: isRoot && !mountedReadOnly },
  { name: 'a folder under /proc', dir: '/proc/switchyard-data', skip: process.platform !== 'linux' },
]

describe('a data folder that cannot be one', () => {
  for (const c of CASES) {
    it.skipIf(c.skip)(`serve exits at once, non-zero, naming the data folder and the fix: ${c.name}`, () => {
      const res = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--data', c.dir], {
        encoding: 'utf8',
        timeout: 5_000,
        killSignal: 'SIGKILL',
      })
      expect(res.signal, 'still running after 5 s').toBeNull()
      expect(res.status).toBe(1)
      expect(res.stderr).toContain('data folder')
      expect(res.stderr).toContain(c.dir)
      expect(res.stderr).toContain('Fix: pass --data')
      expect(res.stderr).not.toMatch(/^Error: E[A-Z]+:/m)
      expect(res.stdout).not.toContain('listening on')
    })

    it.skipIf(c.skip)(`doctor reports it as a problem: ${c.name}`, () => {
      const res = runCli(['doctor', '--port', '1', '--data', c.dir])
      expect(res.code).toBe(1)
      expect(res.stdout).toMatch(/✗ Data folder\s+\S/)
      expect(res.stdout).toContain(c.dir)
      expect(res.stdout).not.toContain('Everything looks good')
    })
  }

  it('doctor says how much space the data folder has', () => {
    const res = runCli(['doctor', '--json', '--port', '1', '--data', join(temp.dir, 'fresh')])
    const space = JSON.parse(res.stdout).checks.find((c: { name: string }) => c.name === 'Disk space')
    expect(space).toMatchObject({ ok: true, detail: expect.stringMatching(/^\d+(\.\d)? [MG]iB free/) })
  })
})
