import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-cli-')
let server: ServeProcess
let firstKeys: { secret: string; publishable: string }

const api = (path: string, key: string, body?: unknown) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  })

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  const out = server.output()
  firstKeys = {
    secret: /secret\s+(sk_\w+)/.exec(out)![1]!,
    publishable: /publishable\s+(pk_\w+)/.exec(out)![1]!,
  }
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

describe('switchyard serve', () => {
  it('prints the real URL of the ephemeral port and both first-run keys', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.url).not.toMatch(/:0$/)
    expect(server.output()).toContain('First run: created workspace "default" (tier free)')
  })

  it('the printed secret key works', async () => {
    expect((await api('/api/api-keys/search', firstKeys.secret)).status).toBe(200)
  })

  it('a second start on the same folder prints no keys', async () => {
    const again = await startServe(['--data', data.dir])
    try {
      expect(again.output()).not.toMatch(/sk_\w{38}/)
    } finally {
      await again.stop()
    }
  })

  it('stops cleanly on SIGTERM', async () => {
    const other = tempDir()
    const s = await startServe(['--data', other.dir])
    expect(await s.stop()).toBe(0)
    other.cleanup()
  })

  it('a port in use is a clear error and a non-zero exit', () => {
    const port = new URL(server.url).port
    const res = runCli(['serve', '--port', port, '--data', data.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`port ${port}`)
    expect(res.stderr).toContain('already in use')
  })
})

describe('switchyard keys (beside a running server on the same folder)', () => {
  it('create --json prints exactly one JSON object with id and key, and the server accepts the key', async () => {
    const res = runCli([
      'keys',
      'create',
      '--name',
      'from cli',
      '--role',
      'secret',
      '--json',
      '--data',
      data.dir,
    ])
    expect(res.code).toBe(0)
    const lines = res.stdout.trim().split('\n')
    expect(lines).toHaveLength(1)
    const created = JSON.parse(lines[0]!)
    expect(created).toMatchObject({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^sk_/),
      role: 'secret',
    })
    expect((await api('/api/api-keys/search', created.key)).status).toBe(200)
  })

  it('list --json shows metadata only', () => {
    const res = runCli(['keys', 'list', '--json', '--data', data.dir])
    expect(res.code).toBe(0)
    const listed = JSON.parse(res.stdout)
    expect(listed.data.length).toBeGreaterThanOrEqual(2)
    expect(res.stdout).not.toContain(firstKeys.secret)
  })

  it('revoke takes effect on the running server at once', async () => {
    const created = JSON.parse(
      runCli(['keys', 'create', '--name', 'doomed', '--role', 'secret', '--json', '--data', data.dir]).stdout,
    )
    expect((await api('/api/api-keys/search', created.key)).status).toBe(200)
    expect(runCli(['keys', 'revoke', created.id, '--data', data.dir]).code).toBe(0)
    const after = await api('/api/api-keys/search', created.key)
    expect(after.status).toBe(401)
    expect((await after.json()).code).toBe('api_key_revoked')
  })

  it('revoking an unknown id fails with a clear message', () => {
    const res = runCli(['keys', 'revoke', 'key_nope', '--data', data.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain("API key 'key_nope' does not exist")
  })

  it('the data folder never contains a full key value', () => {
    const created = JSON.parse(
      runCli(['keys', 'create', '--name', 'scan', '--role', 'publishable', '--json', '--data', data.dir])
        .stdout,
    )
    const blob = readdirSync(data.dir)
      .map((f) => readFileSync(join(data.dir, f)).toString('latin1'))
      .join('\n')
    for (const key of [created.key, firstKeys.secret, firstKeys.publishable]) {
      expect(blob.includes(key)).toBe(false)
    }
  })
})

describe('switchyard workspaces', () => {
  it('create, list and set-tier, with --json', () => {
    const created = JSON.parse(
      runCli(['workspaces', 'create', '--name', 'acme', '--tier', 'pro', '--json', '--data', data.dir])
        .stdout,
    )
    expect(created).toMatchObject({ name: 'acme', tier: 'pro', rpm: 600 })
    const listed = JSON.parse(runCli(['workspaces', 'list', '--json', '--data', data.dir]).stdout)
    expect(listed.data.map((w: { name: string }) => w.name)).toEqual(['default', 'acme'])
    const changed = JSON.parse(
      runCli([
        'workspaces',
        'set-tier',
        '--name',
        'acme',
        '--tier',
        'enterprise',
        '--rpm',
        '1200',
        '--json',
        '--data',
        data.dir,
      ]).stdout,
    )
    expect(changed).toMatchObject({ tier: 'enterprise', rpm: 1200 })
  })

  it('keys can be created in a named workspace', () => {
    runCli(['workspaces', 'create', '--name', 'beta', '--data', data.dir])
    const res = runCli([
      'keys',
      'create',
      '--name',
      'b',
      '--role',
      'secret',
      '--workspace',
      'beta',
      '--json',
      '--data',
      data.dir,
    ])
    expect(JSON.parse(res.stdout).workspace).toBe('beta')
  })

  it('a duplicate workspace name is a conflict', () => {
    const res = runCli(['workspaces', 'create', '--name', 'default', '--data', data.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('already exists')
  })

  it('a custom rpm on a non-enterprise tier is refused', () => {
    const res = runCli([
      'workspaces',
      'set-tier',
      '--name',
      'acme',
      '--tier',
      'free',
      '--rpm',
      '5',
      '--data',
      data.dir,
    ])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('enterprise tier only')
  })
})

describe('bad arguments: a clear message and a non-zero exit', () => {
  const cases: Array<[string[], RegExp]> = [
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['constructor'], /unknown command 'constructor'/],
    [['keys'], /keys needs a command/],
    [['keys', 'create', '--role', 'secret'], /--name is required/],
    [['keys', 'create', '--name', 'x', '--role', 'root'], /--role/],
    [['keys', 'list', '--colour'], /Unknown option '--colour'/],
    [['serve', '--port', 'eighty'], /--port: must be a whole number/],
    [['serve', '--port', '70000'], /--port/],
    [['workspaces', 'create', '--name', 'Bad Name!'], /--name/],
    [['workspaces', 'create', '--name', 'x', '--tier', 'gold'], /--tier/],
  ]
  for (const [args, message] of cases) {
    it(`switchyard ${args.join(' ')}`, () => {
      const res = runCli([...args, '--data', data.dir])
      expect(res.code).toBe(2)
      expect(res.stderr).toMatch(message)
    })
  }

  it('--help prints usage and exits 0', () => {
    const res = runCli(['keys', '--help'])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('switchyard keys create')
  })
})

describe('data folder selection', () => {
  it('SWITCHYARD_DATA is used when --data is absent', () => {
    const other = tempDir()
    const res = runCli(['workspaces', 'list', '--json'], { SWITCHYARD_DATA: other.dir })
    expect(res.code).toBe(0)
    expect(readdirSync(other.dir)).toContain('switchyard.db')
    other.cleanup()
  })

  it("a desktop app's folder (key in the OS keychain) is refused with a clear message, and left as it was", () => {
    const desktop = tempDir()
    writeFileSync(join(desktop.dir, 'encryption.key.safe'), 'wrapped')
    const res = runCli(['keys', 'list', '--data', desktop.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('belongs to the desktop app')
    expect(readdirSync(desktop.dir)).not.toContain('encryption.key')
    desktop.cleanup()
  })
})
