import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'
import { FIXTURES, fixture } from '../openapi/helpers.js'

const data = tempDir('switchyard-openapi-cli-')
let server: ServeProcess
let secret: string

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  secret = /secret\s+(sk_\w+)/.exec(server.output())![1]!
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

const stored = () =>
  fetch(`${server.url}/api/providers/github/openapi`, { headers: { authorization: `Bearer ${secret}` } })

describe('switchyard providers openapi', () => {
  it('attaches a YAML document to a provider while the gateway runs, and removes it', async () => {
    const file = join(FIXTURES, 'petstore.yaml')
    const res = runCli(['providers', 'openapi', 'github', file, '--json', '--data', data.dir])
    expect(res.code, res.stderr).toBe(0)
    expect(JSON.parse(res.stdout)).toMatchObject({
      provider: 'github',
      title: 'Petstore',
      resources: ['/pets'],
    })
    const got = await stored()
    expect(got.headers.get('content-type')).toContain('application/yaml')
    expect(await got.text()).toBe(fixture('petstore.yaml'))

    const removed = runCli(['providers', 'openapi', 'github', '--remove', '--data', data.dir])
    expect(removed.code, removed.stderr).toBe(0)
    expect((await stored()).status).toBe(404)
    expect(runCli(['providers', 'openapi', 'github', '--remove', '--data', data.dir]).code).toBe(1)
  })

  it('refuses an invalid document, listing every problem, and stores nothing', async () => {
    const file = join(data.dir, 'bad.json')
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: {}, paths: {} }))
    const res = runCli(['providers', 'openapi', 'github', file, '--data', data.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain("/info/title: missing required field 'title'")
    expect(res.stderr).toContain("/info/version: missing required field 'version'")
    expect((await stored()).status).toBe(404)
  })

  it('needs a file or --remove', () => {
    expect(runCli(['providers', 'openapi', 'github', '--data', data.dir]).code).toBe(2)
  })
})
