import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, startServe } from '../helpers/cli.js'

const FIXTURES_FILE = join(import.meta.dirname, 'fixtures.json')
const FIXED_SECRET = 'sk_4izHZPWiXYFVfO8tzMUl91xKcyluBfiM4Sdl7B'
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})
const scratch = () => {
  const t = tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

describe('switchyard fixtures apply', () => {
  it('applies a file, and applying it again creates nothing', () => {
    const data = scratch()
    const first = runCli(['fixtures', 'apply', FIXTURES_FILE, '--json', '--data', data])
    expect(first.code, first.stderr).toBe(0)
    expect(JSON.parse(first.stdout).created).toMatchObject({ connections: 3, api_keys: 3, workspaces: 1 })
    const second = runCli(['fixtures', 'apply', FIXTURES_FILE, '--json', '--data', data])
    expect(second.code, second.stderr).toBe(0)
    expect(Object.values(JSON.parse(second.stdout).created)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0])
  })

  it('refuses an invalid file whole, naming every problem by pointer', () => {
    const data = scratch()
    const doc = JSON.parse(readFileSync(FIXTURES_FILE, 'utf8'))
    doc.workspaces[0].api_keys[1].key = 'pk_not-a-key'
    doc.workspaces[0].provider_configs[0].provider = 'no-such-provider'
    doc.workspaces[1].rpm = 5
    const bad = join(data, 'bad.json')
    writeFileSync(bad, JSON.stringify(doc))
    const res = runCli(['fixtures', 'apply', bad, '--data', data])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('/workspaces/0/api_keys/1/key')
    expect(res.stderr).toContain('/workspaces/1/rpm')
    // Schema problems are reported before any reference is looked up; nothing was applied.
    const good = runCli(['fixtures', 'apply', FIXTURES_FILE, '--json', '--data', data])
    expect(JSON.parse(good.stdout).created).toMatchObject({ workspaces: 1, api_keys: 3, connections: 3 })
  })

  it('says which file cannot be read', () => {
    const res = runCli(['fixtures', 'apply', '/nonexistent/fixtures.json', '--data', scratch()])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('Cannot read the fixtures file /nonexistent/fixtures.json')
  })
})

describe('switchyard serve --fixtures', () => {
  it('serves with the fixtures applied: a fixed secret key works at once', async () => {
    const serve = await startServe(['--data', scratch(), '--fixtures', FIXTURES_FILE])
    try {
      const res = await fetch(`${serve.url}/api/connections/conn_acme_github`, {
        headers: { authorization: `Bearer ${FIXED_SECRET}` },
      })
      expect(res.status).toBe(200)
      expect((await res.json()).tenant_id).toBe('acme')
    } finally {
      await serve.stop()
    }
  })

  it('does not start with an invalid fixtures file', () => {
    const data = scratch()
    const bad = join(data, 'bad.json')
    writeFileSync(bad, JSON.stringify({ workspaces: [{ name: 'Not Valid' }] }))
    const res = runCli(['serve', '--port', '0', '--data', data, '--fixtures', bad])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('/workspaces/0/name')
  })
})
