import { spawn } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { CLI, runCli } from '../helpers/cli.js'
import { fillUpstream, startUpstream, type Upstream } from './sync-helpers.js'

/** Runs the built CLI without blocking the event loop (the upstream runs in this process). */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => {
    stdout += d
  })
  child.stderr.on('data', (d) => {
    stderr += d
  })
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}

describe('switchyard sync (the real command against a second local Switchyard)', () => {
  let up: Upstream
  let local: ReturnType<typeof tempDir>
  beforeEach(async () => {
    up = await startUpstream()
    local = tempDir()
  })
  afterEach(async () => {
    local.cleanup()
    await up.close()
  })

  it('sync pull prints one progress line per resource on stderr and a JSON summary on stdout', async () => {
    await fillUpstream(up, 30)
    const res = await run(['sync', 'pull', '--from', up.url, '--key', up.key, '--data', local.dir, '--json'])
    expect(res.code).toBe(0)
    const summary = JSON.parse(res.stdout)
    expect(summary).toMatchObject({ complete: true, upstream: up.url })
    expect(summary.resources.connections.added).toBe(1)
  })

  it('sync pull without --json shows progress per resource and a readable summary', async () => {
    await fillUpstream(up, 3)
    const res = await run(['sync', 'pull', '--from', up.url, '--key', up.key, '--data', local.dir])
    expect(res.stderr.split('\n').filter((l) => / new, \d+ already here ✓$/.test(l))).toHaveLength(5)
    expect(res.stdout).toMatch(/Pulled from .* into workspace default/)
  })

  it('a second sync pull adds nothing', async () => {
    await fillUpstream(up, 10)
    await run(['sync', 'pull', '--from', up.url, '--key', up.key, '--data', local.dir, '--json'])
    const again = await run([
      'sync',
      'pull',
      '--from',
      up.url,
      '--key',
      up.key,
      '--data',
      local.dir,
      '--json',
    ])
    const added = Object.values(JSON.parse(again.stdout).resources as Record<string, { added: number }>).map(
      (r) => r.added,
    )
    expect(added).toEqual([0, 0, 0, 0, 0])
  })

  it('sync status lists the watermark of each resource after a pull', async () => {
    await fillUpstream(up, 3)
    await run(['sync', 'pull', '--from', up.url, '--key', up.key, '--data', local.dir, '--json'])
    const status = JSON.parse(runCli(['sync', 'status', '--data', local.dir, '--json']).stdout)
    expect(status.data.map((m: { resource: string }) => m.resource).sort()).toEqual([
      'connections',
      'events',
      'installations',
      'provider_configs',
      'providers',
    ])
  })

  it('sync pull with an unreachable upstream exits 1 and says to run it again', async () => {
    await up.stop()
    const res = await run(['sync', 'pull', '--from', up.url, '--key', up.key, '--data', local.dir, '--json'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/run the pull again/)
    await up.restart()
  }, 60_000)

  it('sync push sends the captured webhooks once', async () => {
    runCli(['seed', 'demo', '--events', '5', '--data', local.dir, '--json'])
    const first = await run(['sync', 'push', '--to', up.url, '--data', local.dir, '--json'])
    const second = await run(['sync', 'push', '--to', up.url, '--data', local.dir, '--json'])
    expect([JSON.parse(first.stdout).pushed, JSON.parse(second.stdout).pushed]).toEqual([5, 0])
  })

  it('sync pull without --key is a usage error (exit 2)', () => {
    const res = runCli(['sync', 'pull', '--from', 'http://127.0.0.1:1', '--data', local.dir])
    expect([res.code, res.stderr]).toEqual([2, expect.stringMatching(/--key needs a secret key/)])
  })

  it('sync with an unknown sub-command is a usage error (exit 2)', () => {
    expect(runCli(['sync', 'teleport', '--data', local.dir]).code).toBe(2)
  })

  it('sync pull from a URL that is not http(s) fails clearly (exit 1)', () => {
    const res = runCli(['sync', 'pull', '--from', 'ftp://example.com', '--key', 'sk_x', '--data', local.dir])
    expect([res.code, res.stderr]).toEqual([1, expect.stringMatching(/not an http\(s\) URL/)])
  })
})
