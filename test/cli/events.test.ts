import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../src/core/webhooks/signatures.js'
import { tempDir } from '../helpers/app.js'
import { run } from '../helpers/cli/events-helpers.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-events-')
let server: ServeProcess

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

const cli = (...args: string[]) => run([...args, '--url', server.url, '--data', data.dir])
const hook = async (provider: string, headers: Record<string, string> = {}, body: BodyInit = '{}') =>
  (await (await fetch(`${server.url}/webhooks/${provider}`, { method: 'POST', body, headers })).json())
    .id as string

describe('switchyard events tail', () => {
  it('prints matching events live, one JSON object per line, and --count stops it', async () => {
    const tail = cli(
      'events',
      'tail',
      '--provider',
      'github',
      '--provider-event-type',
      'push',
      '--count',
      '2',
      '--json',
    )
    await tail.waitFor(/Streaming events/, 'stderr')
    await hook('stripe')
    await hook('github', { 'X-GitHub-Event': 'issues' })
    const a = await hook('github', { 'X-GitHub-Event': 'push' })
    const b = await hook('github', { 'X-GitHub-Event': 'push' })
    const res = await tail.done
    expect(res.code).toBe(0)
    expect(
      res.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([a, b])
  })

  it('prints a readable line per event by default and stops cleanly on SIGTERM', async () => {
    const tail = cli('events', 'tail')
    await tail.waitFor(/Streaming events/, 'stderr')
    const id = await hook('github', { 'X-GitHub-Event': 'push' })
    const out = await tail.waitFor(new RegExp(id))
    expect(out).toMatch(new RegExp(`${id}\\s+webhook\\.received\\s+github\\s+push\\s+unverified`))
    expect(await tail.stop()).toBe(0)
  })

  it('a bad filter is refused by the gateway with a clear error', async () => {
    const res = await cli('events', 'tail', '--signature', 'maybe').done
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('400')
  })
})

describe('switchyard events export', () => {
  it('NDJSON to stdout: every event with its request', async () => {
    const id = await hook('shopify')
    const res = await cli('events', 'export', '--provider', 'shopify').done
    expect(res.code).toBe(0)
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.id)).toEqual([id])
    expect(lines[0].request.body).toBe('{}')
  })

  it('--duplicates exclude|only splits re-sent messages (same signed webhook-id) from originals', async () => {
    const secret = 'whsec_ZHVwbGljYXRlLWNsaS1zZWNyZXQ='
    const admin = readFileSync(join(data.dir, 'admin-token'), 'utf8').trim()
    const config = await fetch(`${server.url}/api/provider-configs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'clerk', webhook_secret: secret }),
    })
    expect(config.status).toBe(201)
    const body = Buffer.from('{"type":"user.created"}')
    const send = () =>
      hook('clerk', signatureHeaders('standard_webhooks', secret, body, Date.now(), 'msg_cli'), body)
    const first = await send()
    const dup = await send()
    const ids = async (mode: string) => {
      const res = await cli('events', 'export', '--provider', 'clerk', '--duplicates', mode).done
      expect(res.code).toBe(0)
      return res.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id as string)
    }
    expect(await ids('exclude')).toEqual([first])
    expect(await ids('only')).toEqual([dup])
    expect((await cli('events', 'export', '--duplicates', 'hide').done).code).toBe(2)
  })

  it('HAR to a file with --out', async () => {
    await hook('github')
    const out = join(data.dir, 'events.har')
    const res = await cli('events', 'export', '--format', 'har', '--out', out).done
    expect(res.code).toBe(0)
    expect(existsSync(out)).toBe(true)
    const har = JSON.parse(readFileSync(out, 'utf8'))
    expect(har.log.entries.length).toBeGreaterThan(0)
  })

  it('--out writes the export owner-only (0600), also over an existing 0644 file', async () => {
    await hook('github')
    const fresh = join(data.dir, 'fresh.jsonl')
    const existing = join(data.dir, 'existing.jsonl')
    writeFileSync(existing, '', { mode: 0o644 })
    expect((await cli('events', 'export', '--out', fresh).done).code).toBe(0)
    expect((await cli('events', 'export', '--out', existing).done).code).toBe(0)
    expect([statSync(fresh).mode & 0o777, statSync(existing).mode & 0o777]).toEqual([0o600, 0o600])
  })

  it('an unknown format or subcommand is a usage error, exit 2', async () => {
    expect((await cli('events', 'export', '--format', 'csv').done).code).toBe(2)
    expect((await cli('events', 'nope').done).code).toBe(2)
  })

  it('without --key, SWITCHYARD_KEY or an admin token it says what to pass', async () => {
    const empty = tempDir()
    const res = await run(['events', 'export', '--url', server.url, '--data', empty.dir], {
      SWITCHYARD_KEY: '',
    }).done
    empty.cleanup()
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('--key')
  })
})
