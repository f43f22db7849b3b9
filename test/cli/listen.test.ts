import { createServer, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deadUrl, startReceiver } from '../helpers/api/webhooks-helpers.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, run } from '../helpers/cli/events-helpers.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-listen-')
let server: ServeProcess
let secret: string
const cleanups: Array<() => Promise<unknown>> = []

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  secret = await firstSecretKey(server.output)
})
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

const listen = (...args: string[]) => {
  const p = run(['listen', ...args, '--url', server.url, '--data', data.dir])
  cleanups.push(p.stop)
  return p
}
const receiver = async () => {
  const r = await startReceiver()
  cleanups.push(r.close)
  return r
}
const hook = async (provider: string, body: string, headers: Record<string, string> = {}) =>
  (await (await fetch(`${server.url}/webhooks/${provider}`, { method: 'POST', body, headers })).json())
    .id as string
const deliveries = async (id: string) =>
  (
    await (
      await fetch(`${server.url}/api/events/${id}`, { headers: { authorization: `Bearer ${secret}` } })
    ).json()
  ).deliveries as Array<{ kind: string; status: number | null; attempt: number; target: string }>

describe('switchyard listen --forward-to', () => {
  it('forwards new captures with the exact bytes and original headers, and records the delivery', async () => {
    const app = await receiver()
    const l = listen('--forward-to', `${app.url}/hooks`)
    await l.waitFor(/Forwarding captured webhooks/, 'stderr')
    const id = await hook('github', '{"ref":"refs/heads/main"}', {
      'X-GitHub-Event': 'push',
      'X-Hub-Signature-256': 'sha256=00',
    })
    const [got] = await app.waitFor(1)
    expect(got!.url).toBe('/hooks')
    expect(got!.body.toString()).toBe('{"ref":"refs/heads/main"}')
    expect(got!.headers).toContainEqual(['X-GitHub-Event', 'push'])
    expect(got!.headers).toContainEqual(['X-Hub-Signature-256', 'sha256=00'])
    await l.waitFor(new RegExp(`${id}.*→ 200`))
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({ kind: 'forward', status: 200, attempt: 1, target: `${app.url}/hooks` }),
    ])
  })

  it('only forwards captures matching --provider and --type', async () => {
    const app = await receiver()
    const l = listen('--forward-to', app.url, '--provider', 'stripe', '--type', 'invoice.paid')
    await l.waitFor(/Forwarding captured webhooks/, 'stderr')
    await hook('github', '{}', { 'X-GitHub-Event': 'push' })
    await hook('stripe', '{"type":"customer.created"}', { 'content-type': 'application/json' })
    const wanted = await hook('stripe', '{"type":"invoice.paid"}', { 'content-type': 'application/json' })
    await l.waitFor(new RegExp(`${wanted}.*→ 200`))
    expect(app.received.map((r) => r.body.toString())).toEqual(['{"type":"invoice.paid"}'])
  })

  it('keeps retrying with backoff while the target is down, and delivers once it is up', async () => {
    const target = await deadUrl()
    const l = listen('--forward-to', target, '--retry-delay', '100', '--max-attempts', '50')
    await l.waitFor(/Forwarding captured webhooks/, 'stderr')
    const id = await hook('github', '{"late":true}')
    await l.waitFor(/ECONNREFUSED.*attempt 2, will retry/)
    const { port } = new URL(target)
    const got: string[] = []
    const app: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (d) => {
        body += d
      })
      req.on('end', () => {
        got.push(body)
        res.end()
      })
    })
    await new Promise<void>((resolve) => app.listen(Number(port), '127.0.0.1', resolve))
    cleanups.push(() => new Promise((r) => app.close(r)))
    await l.waitFor(new RegExp(`${id}.*→ 200`))
    expect(got).toEqual(['{"late":true}'])
    const attempts = await deliveries(id)
    expect(attempts.length).toBeGreaterThanOrEqual(3)
    expect(attempts.at(-1)).toMatchObject({ status: 200 })
    expect(attempts.slice(0, -1).every((a) => a.status === null)).toBe(true)
  })

  it('events waiting out a retry backoff never hold back new ones', async () => {
    const app = await receiver()
    app.respondWith((got, res) => res.writeHead(got.body.includes('poison') ? 500 : 200).end())
    // A long backoff: the failed forwards wait 30 s before their second attempt.
    const l = listen('--forward-to', app.url, '--retry-delay', '60000', '--max-attempts', '2')
    await l.waitFor(/Forwarding captured webhooks/, 'stderr')
    for (let i = 0; i < 10; i++) await hook('github', `{"poison":${i}}`)
    await app.waitFor(10)
    const good = await hook('github', '{"fine":true}')
    await l.waitFor(new RegExp(`${good}.*→ 200`))
    // The good event arrived while every poisoned one was still waiting for its retry.
    expect(app.received.map((r) => r.body.toString()).filter((b) => b.includes('poison'))).toHaveLength(10)
  })

  it('a 4xx from the app is final (not retried)', async () => {
    const app = await receiver()
    app.respondWith((_req, res) => {
      res.statusCode = 400
      res.end()
    })
    const l = listen('--forward-to', app.url, '--retry-delay', '50')
    await l.waitFor(/Forwarding captured webhooks/, 'stderr')
    const id = await hook('github', '{}')
    await l.waitFor(new RegExp(`${id}.*→ 400.*attempt 1$`, 'm'))
    expect((await deliveries(id)).map((d) => d.status)).toEqual([400])
  })

  it('--forward-to is required and must be an http(s) URL (exit 2)', async () => {
    expect((await run(['listen', '--url', server.url, '--data', data.dir]).done).code).toBe(2)
    expect(
      (await run(['listen', '--forward-to', 'ftp://x', '--url', server.url, '--data', data.dir]).done).code,
    ).toBe(2)
  })
})
