import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-cli-origins-')
let server: ServeProcess
let publishable: string

const origins = (...args: string[]) => runCli(['workspaces', 'origins', ...args, '--data', data.dir])
const listed = () => JSON.parse(origins('list', '--json').stdout) as { workspace: string; data: string[] }
const createSession = (redirect_url: string) =>
  fetch(`${server.url}/auth-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishable}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'github', tenant_id: 'acme', redirect_url }),
  })

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  publishable = /publishable\s+(pk_\w+)/.exec(server.output())![1]!
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

describe('switchyard workspaces origins', () => {
  it('list starts empty and says only loopback is allowed', () => {
    expect(listed()).toEqual({ workspace: 'default', data: [] })
    expect(origins('list').stdout).toContain('only loopback origins are allowed')
  })

  it('add stores the canonical origin, and the running server honours it at once', async () => {
    expect((await createSession('https://app.example.com/cb')).status).toBe(400)
    const res = origins('add', 'HTTPS://App.Example.com:443', '--json')
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout)).toEqual({
      workspace: 'default',
      origin: 'https://app.example.com',
      added: true,
    })
    expect(listed().data).toEqual(['https://app.example.com'])
    expect((await createSession('https://app.example.com/cb')).status).toBe(201)
  })

  it('adding the same origin again is fine and says so', () => {
    const res = origins('add', 'https://app.example.com')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('already allowed')
    expect(listed().data).toEqual(['https://app.example.com'])
  })

  it('remove takes it off the list; the server refuses it again', async () => {
    const res = origins('remove', 'https://app.example.com')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('Removed https://app.example.com')
    expect(listed().data).toEqual([])
    expect((await createSession('https://app.example.com/cb')).status).toBe(400)
  })

  it('removing an origin that is not on the list fails with exit code 1 and a clear message', () => {
    const res = origins('remove', 'https://never.example')
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('not on this workspace')
  })

  it.each([
    [['add'], /ORIGIN is required/],
    [['add', 'https://app.example.com/path'], /without a path/],
    [['add', 'http://app.example.com'], /must use https/],
    [['add', 'https://*.example.com'], /wildcard/],
    [['add', 'https://a.example', 'https://b.example'], /unexpected argument/],
    [['frob'], /unknown workspaces origins command/],
  ])('%j is a usage error (exit 2) that changes nothing', (args, message) => {
    const res = origins(...args)
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(message)
    expect(listed().data).toEqual([])
  })

  it('an unknown --workspace fails with exit code 1', () => {
    const res = origins('list', '--workspace', 'nope')
    expect(res.code).toBe(1)
    expect(res.stderr).toContain("'nope'")
  })

  it('--workspace manages another workspace separately', () => {
    expect(runCli(['workspaces', 'create', '--name', 'acme', '--data', data.dir]).code).toBe(0)
    expect(origins('add', 'https://acme.example', '--workspace', 'acme').code).toBe(0)
    expect(JSON.parse(origins('list', '--workspace', 'acme', '--json').stdout).data).toEqual([
      'https://acme.example',
    ])
    expect(listed().data).toEqual([])
  })
})
