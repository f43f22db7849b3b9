import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-rec-cli-')
const files = tempDir('switchyard-rec-files-')
let server: ServeProcess
let secret: string

const entry = (path: string, body: string, encoding: 'utf8' | 'base64' = 'utf8') => ({
  duration_ms: 5,
  provider: 'github',
  recorded_at: '2026-01-02T03:04:05.000Z',
  request: {
    body: '',
    body_encoding: 'utf8',
    headers: [['Accept', 'application/json']],
    method: 'GET',
    path,
    query: 'per_page=2',
  },
  response: { body, body_encoding: encoding, headers: [['content-type', 'application/json']], status: 200 },
})
/** A cassette written as the exporter writes one (keys sorted, two-space indent, final newline). */
const cassette = {
  entries: [
    entry('/user', '{"login":"octocat"}'),
    entry('/zip', Buffer.from([0, 255, 1, 254]).toString('base64'), 'base64'),
  ],
  version: 1,
}
const cassetteFile = join(files.dir, 'github.json')

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  secret = /secret\s+(sk_\w+)/.exec(server.output())![1]!
  writeFileSync(cassetteFile, `${JSON.stringify(cassette, null, 2)}\n`)
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
  files.cleanup()
})

const recordings = async () => {
  const res = await fetch(`${server.url}/api/recordings/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
  })
  return ((await res.json()) as { data: Array<{ path: string }> }).data
}

describe('switchyard recordings import / export', () => {
  it('imports a cassette into the folder while the gateway runs, and again changes nothing', async () => {
    const first = runCli(['recordings', 'import', cassetteFile, '--json', '--data', data.dir])
    expect(first.code, first.stderr).toBe(0)
    expect(JSON.parse(first.stdout)).toEqual({ file: cassetteFile, imported: 2, skipped: 0 })
    expect((await recordings()).map((r) => r.path).sort()).toEqual(['/user', '/zip'])
    const again = runCli(['recordings', 'import', cassetteFile, '--json', '--data', data.dir])
    expect(JSON.parse(again.stdout)).toEqual({ file: cassetteFile, imported: 0, skipped: 2 })
    expect(await recordings()).toHaveLength(2)
  })

  it('exports the same bytes it imported (stable, sorted, one exchange per entry)', () => {
    const out = join(files.dir, 'out.json')
    const res = runCli(['recordings', 'export', '--provider', 'github', '--out', out, '--data', data.dir])
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toMatch(/Exported 2 recordings/)
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(cassetteFile, 'utf8'))
    const none = join(files.dir, 'none.json')
    runCli(['recordings', 'export', '--provider', 'slack', '--out', none, '--data', data.dir])
    expect(JSON.parse(readFileSync(none, 'utf8'))).toEqual({ entries: [], version: 1 })
  })

  it('--out writes the cassette owner-only (0600), also over an existing 0644 file', () => {
    const fresh = join(files.dir, 'fresh.json')
    const existing = join(files.dir, 'existing.json')
    writeFileSync(existing, '', { mode: 0o644 })
    for (const out of [fresh, existing]) {
      expect(runCli(['recordings', 'export', '--out', out, '--data', data.dir]).code).toBe(0)
    }
    expect([statSync(fresh).mode & 0o777, statSync(existing).mode & 0o777]).toEqual([0o600, 0o600])
  })

  it('refuses an invalid cassette naming the field, and loads nothing', async () => {
    const bad = join(files.dir, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({ version: 1, entries: [{ ...entry('/new', 'x'), response: { status: 99 } }] }),
    )
    const res = runCli(['recordings', 'import', bad, '--data', data.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/\/entries\/0\/response/)
    expect(await recordings()).toHaveLength(2)
    const usage = runCli(['recordings', 'export', '--data', data.dir])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/--out FILE is required/)
  })
})
