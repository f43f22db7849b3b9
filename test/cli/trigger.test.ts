import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, run } from '../helpers/cli/events-helpers.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-trigger-')
let server: ServeProcess
let secret: string

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  secret = await firstSecretKey(server.output)
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

const trigger = (...args: string[]) => run(['trigger', ...args, '--url', server.url, '--data', data.dir]).done

describe('switchyard trigger', () => {
  it('sends a sample through the gateway and prints the event id', async () => {
    const res = await trigger('github', 'push')
    expect(res.code).toBe(0)
    const id = /→ (evt_\w+)/.exec(res.stdout)![1]!
    const event = await (
      await fetch(`${server.url}/api/events/${id}`, { headers: { authorization: `Bearer ${secret}` } })
    ).json()
    expect(event).toMatchObject({ provider: 'github', provider_event_type: 'push' })
  })

  it('--json prints the event; --override is merged into the sample', async () => {
    const res = await trigger(
      'stripe',
      'invoice.paid',
      '--json',
      '--override',
      '{"data":{"object":{"amount_paid":4200}}}',
    )
    expect(res.code).toBe(0)
    const event = JSON.parse(res.stdout)
    const body = await (
      await fetch(`${server.url}/api/events/${event.id}/body`, {
        headers: { authorization: `Bearer ${secret}` },
      })
    ).json()
    expect(body.data.object.amount_paid).toBe(4200)
  })

  it('works with an explicit --key too', async () => {
    expect((await run(['trigger', 'slack', 'message', '--url', server.url, '--key', secret]).done).code).toBe(
      0,
    )
  })

  it("sends a provider's OpenAPI document webhook by name; other names are refused with the list", async () => {
    const api = (method: string, path: string, body: string, type = 'application/json') =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': type },
        body,
      })
    const provider = JSON.stringify({ id: 'pets', name: 'Pets', auth: { type: 'api_key' } })
    expect((await api('POST', '/api/providers', provider)).status).toBe(201)
    const document = readFileSync(join(import.meta.dirname, '../fixtures/openapi/pets-webhooks.yaml'), 'utf8')
    expect((await api('PUT', '/api/providers/pets/openapi', document, 'application/yaml')).status).toBe(200)

    const res = await trigger('pets', 'petAdopted', '--json')
    expect(res.code, res.stderr).toBe(0)
    const { id } = JSON.parse(res.stdout) as { id: string }
    const body = await (
      await fetch(`${server.url}/api/events/${id}/body`, { headers: { authorization: `Bearer ${secret}` } })
    ).json()
    expect(body).toEqual({ kind: 'adopted', adopter: 'Ada' })

    const unknown = await trigger('pets', 'petLost')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('pet.created, petSold, petAdopted')
  })

  it('an unknown provider is a clear error, exit 1', async () => {
    const res = await trigger('nope-provider', 'push')
    expect(res.code).toBe(1)
    expect(res.stderr).toContain("Unknown provider 'nope-provider'")
  })

  it('missing arguments or bad --override JSON is a usage error, exit 2', async () => {
    expect((await trigger('github')).code).toBe(2)
    expect((await trigger('github', 'push', '--override', '{nope')).code).toBe(2)
  })

  it('no gateway at --url is a clear error, exit 1', async () => {
    const res = await run(['trigger', 'github', 'push', '--url', 'http://127.0.0.1:9', '--key', secret]).done
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('cannot reach the gateway')
  })

  it('a wrong key is refused by the gateway, exit 1', async () => {
    const res = await run(['trigger', 'github', 'push', '--url', server.url, '--key', 'sk_wrong']).done
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('401')
  })

  it('an unknown event type exits 2, lists the known ones and sends nothing', async () => {
    const before = await countEvents()
    const res = await trigger('github', 'nosuchevent')
    expect(res.code).toBe(2)
    expect(res.stderr).toContain("unknown event type 'nosuchevent' for github")
    expect(res.stderr).toMatch(/known types: push, ping, pull_request/)
    expect(await countEvents()).toBe(before)
  })

  it('a GitHub type with an action is known', async () => {
    expect((await trigger('github', 'pull_request.closed')).code).toBe(0)
  })

  it('a provider without a sample set of its own takes any type', async () => {
    expect((await trigger('trello', 'card.created')).code).toBe(0)
  })

  it('--list prints every sample set; --list <provider> one; --json as JSON', async () => {
    const all = await trigger('--list')
    expect(all.code).toBe(0)
    expect(all.stdout).toContain('github: push, ping')
    expect(all.stdout).toContain('stripe: invoice.paid')
    expect(all.stdout).toContain('any standard_webhooks sender: user.created')
    const one = await trigger('--list', 'shopify')
    expect(one.stdout.trim()).toBe(
      'shopify: orders/create, orders/updated, orders/paid, orders/cancelled, products/create, products/update, products/delete, customers/create, customers/update, app/uninstalled',
    )
    expect((await trigger('--list', 'trello')).stdout).toContain('trello: any type')
    const json = JSON.parse((await trigger('--list', 'clerk', '--json')).stdout)
    expect(json.data).toEqual([
      expect.objectContaining({ provider: 'clerk', types: expect.arrayContaining(['user.created']) }),
    ])
  })
})

async function countEvents(): Promise<number> {
  const res = await fetch(`${server.url}/api/events/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 200, fields: ['id'] }),
  })
  return ((await res.json()) as { data: unknown[] }).data.length
}
