import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'
import { firstSecretKey, run } from './events-helpers.js'

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
})
