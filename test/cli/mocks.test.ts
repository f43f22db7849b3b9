import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { inProcessCli } from '../helpers/cli.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from '../simulation/helpers.js'

/** `switchyard mocks add|list|show|rm` on a data folder, beside a running gateway that uses the routes. */
const data = tempDir('switchyard-mocks-cli-')
let conn: string
let url: string
let key: string
let close: () => Promise<void>

const cli = inProcessCli(data.dir)
const count = async () =>
  (JSON.parse((await cli('mocks', 'list', '--json')).out) as { data: unknown[] }).data.length

beforeAll(async () => {
  const server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server, 'stripe')
  url = server.url
  key = firstSecretKey(server)
  close = () => server.close()
})
afterAll(async () => {
  await close()
  data.cleanup()
})

describe('switchyard mocks', () => {
  it('adds a route the running gateway answers with, lists, shows and removes it', async () => {
    const file = join(data.dir, 'customer.json')
    writeFileSync(file, '{"id":"{{params.id}}","object":"customer"}')
    const added = await cli(
      'mocks',
      'add',
      'stripe',
      'get',
      '/v1/customers/:id',
      '--body-file',
      file,
      '--header',
      'x-mocked: yes',
      '--description',
      'a customer',
      '--json',
    )
    expect(added.code, added.err).toBe(0)
    const route = JSON.parse(added.out) as { id: string }
    expect(route).toMatchObject({ method: 'GET', status: 200, headers: { 'x-mocked': 'yes' } })

    const res = await fetch(`${url}/proxy/${conn}/v1/customers/cus_1`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(res.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(res.headers.get('x-mocked')).toBe('yes')
    expect(await res.json()).toEqual({ id: 'cus_1', object: 'customer' })

    const listed = await cli('mocks', 'list', '--provider', 'stripe')
    expect(listed.out).toMatch(
      new RegExp(`${route.id}\\s+stripe\\s+GET\\s+/v1/customers/:id\\s+200\\s+yes\\s+a customer`),
    )
    const shown = await cli('mocks', 'show', route.id)
    expect(shown.out).toContain('{"id":"{{params.id}}","object":"customer"}')
    expect((await cli('mocks', 'rm', route.id)).code).toBe(0)
    expect(await count()).toBe(0)
    const again = await cli('mocks', 'rm', route.id)
    expect(again.code).toBe(1)
    expect(again.err).toMatch(/does not exist/)
  })

  it('refuses a bad route, naming the field, and stores nothing', async () => {
    const badPath = await cli('mocks', 'add', 'stripe', 'GET', '/v1/*/x')
    expect(badPath.code).toBe(1)
    expect(badPath.err).toMatch(/\/path/)
    const badStatus = await cli('mocks', 'add', 'stripe', 'GET', '/v1/x', '--status', '700')
    expect(badStatus.err).toMatch(/\/status/)
    const badHeader = await cli('mocks', 'add', 'stripe', 'GET', '/v1/x', '--header', 'Connection: close')
    expect(badHeader.err).toMatch(/\/headers\/Connection/)
    const badTemplate = await cli('mocks', 'add', 'stripe', 'GET', '/v1/x', '--body', '{{constructor}}')
    expect(badTemplate.err).toMatch(/\/body/)
    const badProvider = await cli('mocks', 'add', 'nope', 'GET', '/v1/x')
    expect(badProvider.err).toMatch(/Unknown provider/)
    const usage = await cli('mocks', 'add', 'stripe', 'GET')
    expect(usage.code).toBe(2)
    expect(await count()).toBe(0)
  })

  it('prints a hostile body template escaped', async () => {
    const added = await cli('mocks', 'add', 'stripe', 'GET', '/v1/y', '--body', 'line1\n\u001b[2Jline2')
    expect(added.code, added.err).toBe(0)
    const id = added.out.match(/mock_\w+/)![0]
    const shown = await cli('mocks', 'show', id)
    expect(shown.out).not.toContain('\u001b')
  })
})
