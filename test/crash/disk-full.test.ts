import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { hasChromium, launchBrowser } from '../helpers/browser.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from '../simulation/helpers.js'

// A real full disk: the data folder on its own small tmpfs, filled by webhook bursts. Mounting needs
// root on Linux; elsewhere the test is skipped and says why.
const mountPoint = mkdtempSync(join(tmpdir(), 'switchyard-full-'))
const unmountable = (() => {
  if (process.platform !== 'linux') return `tmpfs mounts need Linux (this is ${process.platform})`
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' })
    return undefined
  } catch (err) {
    return `cannot mount a tmpfs here (needs root): ${String((err as Error).message).split('\n')[0]}`
  }
})()
afterAll(() => {
  if (!unmountable) execFileSync('umount', ['-l', mountPoint])
  rmSync(mountPoint, { recursive: true, force: true })
})

const dataDir = join(mountPoint, 'data')
const filler = join(mountPoint, 'filler')
const free = () => {
  const s = statfsSync(mountPoint)
  return s.bavail * s.bsize
}

interface Answer {
  status: number
  id?: string
  problem?: { code: string; detail: string }
  retryAfter: string | null
  type: string | null
}

async function send(url: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${url}${path}`, init)
  const type = res.headers.get('content-type')
  const body = (await res.json()) as { id?: string; code: string; detail: string }
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    type,
    ...(res.status === 200 ? { id: body.id } : { problem: body }),
  }
}

const webhook = (url: string, n: number) =>
  send(url, '/webhooks/github', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n, pad: 'x'.repeat(48 * 1024) }),
  })

const expectDiskFull = (answer: Answer) => {
  expect(answer.status).toBe(503)
  expect(answer.type).toBe('application/problem+json')
  expect(answer.problem?.code).toBe('disk_full')
  expect(answer.problem?.detail).toContain(dataDir)
  expect(Number(answer.retryAfter)).toBeGreaterThan(0)
}

describe.skipIf(unmountable !== undefined)(
  `a full disk under the data folder${unmountable ? ` (skipped: ${unmountable})` : ''}`,
  () => {
    it('answers 503 disk_full to writes, keeps reading, resumes when space returns, and loses no acknowledged webhook', async () => {
      let server: RunningServer = await startQuietServer(dataDir)
      const key = firstSecretKey(server)
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
      const acked = new Set<string>()
      try {
        const connection = await simulatedConnect(server)
        // Leave about 3 MiB, then fill that with concurrent bursts until writes are refused.
        writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 3 * 1024 * 1024)))
        let refused: Answer | undefined
        for (let wave = 0; wave < 40 && !refused; wave++) {
          const answers = await Promise.all(
            Array.from({ length: 16 }, (_, i) => webhook(server.url, wave * 16 + i)),
          )
          for (const answer of answers) {
            if (answer.status === 200) acked.add(answer.id!)
            else {
              expectDiskFull(answer)
              refused = answer
            }
          }
        }
        expect(refused, 'the bursts filled the disk').toBeDefined()
        expect(acked.size).toBeGreaterThan(0)

        expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({
          status: 'degraded',
          reason: 'disk_full',
        })
        // The dashboard says so on every page (where Chromium is installed: CI installs it).
        if (hasChromium) {
          execFileSync(process.execPath, ['renderer/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })
          const browser = await launchBrowser()
          try {
            const { page } = await browser.newPage()
            await page.goto(`${server.url}/?token=${server.adminToken}`)
            const banner = page
              .getByRole('alert')
              .filter({ hasText: 'The disk holding the data folder is full.' })
            await banner.waitFor()
            expect(await banner.textContent()).toContain('disk_full')
          } finally {
            await browser.close()
          }
        }
        // Reads keep answering.
        const search = await fetch(`${server.url}/api/events/search`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ limit: 1 }),
        })
        expect(search.status).toBe(200)
        // An API write, with the remaining bytes taken too: stored, or the same 503 (never a 500).
        writeFileSync(join(mountPoint, 'last-bytes'), Buffer.alloc(Math.max(0, free() - 4096)))
        for (let i = 0; i < 5; i++) {
          const created = await send(server.url, '/api/api-keys', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ role: 'secret', name: `while full ${i}` }),
          })
          if (created.status !== 201) expectDiskFull(created)
          expectDiskFull(await webhook(server.url, 10_000 + i))
        }
        // A proxied call: its event and recording could not be stored, so it is refused too, in
        // GitHub's dialect with the problem in its switchyard member.
        const proxied = await send(server.url, `/proxy/${connection}/user`, {
          headers: { authorization: `token ${key}` },
        })
        expect(proxied.type).toMatch(/^application\/json/)
        const { switchyard } = proxied.problem as unknown as { switchyard: Answer['problem'] }
        expectDiskFull({ ...proxied, type: 'application/problem+json', problem: switchyard })

        // Space returns: the next request is stored, no restart.
        rmSync(filler)
        rmSync(join(mountPoint, 'last-bytes'))
        expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({ status: 'ok' })
        const after = await webhook(server.url, 99_999)
        expect(after.status).toBe(200)
        acked.add(after.id!)
      } finally {
        await server.close()
      }

      server = await startQuietServer(dataDir)
      await server.close()
      const db = new Database(join(dataDir, 'switchyard.db'), { readonly: true })
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
        const has = db.prepare('SELECT 1 FROM events WHERE id = ?')
        expect([...acked].filter((id) => !has.get(id))).toEqual([])
      } finally {
        db.close()
      }
    })
  },
)
