import { request } from 'node:http'
import { Client, Signature } from '@hubspot/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { startReceiver } from '../helpers/api/webhooks-helpers.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { type CapturedWebhook, capturedWebhooks, header, simulatedConnect } from './helpers.js'

/**
 * The simulated HubSpot's webhooks: batches of v3-signed events through the capture path, each
 * verified with HubSpot's own `Signature.isValid`; and the v3 verdict on real deliveries.
 */
const SECRET = 'hubspot-app-client-secret-5d1'
const data = tempDir('switchyard-hubspot-hooks-')
let server: RunningServer
let key: string
let hubspot: Client

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  const config = await fetch(`${server.url}/api/provider-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'hubspot', webhook_secret: SECRET }),
  })
  expect(config.status).toBe(201)
  const conn = await simulatedConnect(server, 'hubspot', 'acme')
  hubspot = new Client({
    accessToken: key,
    basePath: `${server.url}/proxy/${conn}`,
    numberOfApiCallRetries: 0,
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

/** The exact request a capture stored. */
const rawRequest = (hook: CapturedWebhook) =>
  server.core.db
    .prepare('SELECT method, path, query, body FROM event_requests WHERE event_id = ?')
    .get(hook.id) as { method: string; path: string; query: string; body: Buffer }

/** HubSpot's own check of a captured delivery, with the capture URL its Host shows. */
function verifiesWithHubspotsLibrary(hook: CapturedWebhook, scheme = 'http') {
  const raw = rawRequest(hook)
  return Signature.isValid({
    signatureVersion: 'v3',
    method: raw.method,
    url: `${scheme}://${header(hook, 'host')}${raw.path}${raw.query ? `?${raw.query}` : ''}`,
    requestBody: raw.body.toString('utf8'),
    clientSecret: SECRET,
    signature: header(hook, 'x-hubspot-signature-v3')!,
    timestamp: Number(header(hook, 'x-hubspot-request-timestamp')),
  })
}

type HubspotEvent = Record<string, unknown>
const eventsOf = (hook: CapturedWebhook) => hook.body as unknown as HubspotEvent[]

/** Sends a POST to the capture URL with the Host a tunnel would forward. */
function post(path: string, host: string, headers: Record<string, string>, body: string) {
  const url = new URL(server.url)
  return new Promise<number>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { ...headers, host } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('webhooks of the simulated HubSpot', () => {
  it('emits batches of v3-signed events, in order, that HubSpot’s Signature.isValid accepts', async () => {
    const contact = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'grace@example.com', firstname: 'Grace' },
      associations: [],
    })
    await hubspot.crm.contacts.basicApi.update(contact.id, {
      properties: { firstname: 'Grace B.', lastname: 'Hopper', email: 'grace@example.com' },
    })
    const company = await hubspot.crm.companies.basicApi.create({
      properties: { name: 'Navy Labs' },
      associations: [],
    })
    await hubspot.crm.contacts.basicApi.archive(contact.id)
    await server.core.simulation.settled()

    const hooks = capturedWebhooks(server.core.db, 'hubspot')
    expect(hooks.map((h) => eventsOf(h).map((e) => `${e.subscriptionType}:${e.propertyName ?? ''}`))).toEqual(
      [
        ['contact.creation:'],
        // One event per changed property; the unchanged email sends none.
        ['contact.propertyChange:firstname', 'contact.propertyChange:lastname'],
        ['company.creation:'],
        ['contact.deletion:'],
      ],
    )
    const events = hooks.flatMap(eventsOf)
    expect(events[0]).toEqual({
      eventId: expect.any(Number),
      subscriptionId: expect.any(Number),
      portalId: expect.any(Number),
      appId: expect.any(Number),
      occurredAt: expect.any(Number),
      subscriptionType: 'contact.creation',
      attemptNumber: 0,
      objectId: Number(contact.id),
      changeFlag: 'CREATED',
      changeSource: 'INTEGRATION',
      sourceId: String(events[0]!.appId),
    })
    expect(events[1]).toMatchObject({
      propertyName: 'firstname',
      propertyValue: 'Grace B.',
      objectId: Number(contact.id),
    })
    expect(events[3]).toMatchObject({ objectId: Number(company.id) })
    expect(events[4]).toMatchObject({ changeFlag: 'DELETED', objectId: Number(contact.id) })
    const ids = events.map((e) => e.eventId as number)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    expect(new Set(events.map((e) => e.portalId)).size).toBe(1)

    for (const hook of hooks) {
      // Posted to (and signed for) the capture URL on the gateway the call came through.
      expect(header(hook, 'host')).toBe(new URL(server.url).host)
      expect(hook.signature).toBe('valid')
      expect(hook.provider_event_type).toBe(eventsOf(hook)[0]!.subscriptionType)
      expect(header(hook, 'user-agent')).toMatch(/^HubSpot Connect/)
      expect(header(hook, 'x-hubspot-request-timestamp')).toMatch(/^\d{13}$/)
      expect(verifiesWithHubspotsLibrary(hook)).toBe(true)
    }
  })

  it('a `switchyard trigger hubspot` sample is the same shape and verifies the same way', async () => {
    const res = await fetch(`${server.url}/api/events/trigger`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'hubspot', type: 'contact.propertyChange' }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const { id } = (await res.json()) as { id: string }
    const hook = capturedWebhooks(server.core.db, 'hubspot').find((h) => h.id === id)!
    expect(hook.signature).toBe('valid')
    expect(verifiesWithHubspotsLibrary(hook)).toBe(true)
    const [event] = eventsOf(hook)
    const simulated = eventsOf(capturedWebhooks(server.core.db, 'hubspot')[1]!)[0]!
    expect(Object.keys(event!).sort()).toEqual(Object.keys(simulated).sort())
  })
})

describe('the v3 verdict on real HubSpot deliveries', () => {
  const body = JSON.stringify([
    {
      eventId: 1,
      subscriptionId: 2,
      portalId: 3,
      appId: 4,
      occurredAt: 1_764_000_000_000,
      subscriptionType: 'contact.creation',
      attemptNumber: 0,
      objectId: 5,
      changeFlag: 'CREATED',
      changeSource: 'CRM_UI',
    },
  ])
  /** Signs as HubSpot does, with its own library: for the https URL of the tunnel it posts to. */
  const signedFor = (url: string, at = Date.now(), requestBody = body) => ({
    'content-type': 'application/json',
    'x-hubspot-signature-v3': Signature.getSignature('POST', 'v3', {
      signature: '',
      clientSecret: SECRET,
      requestBody,
      url,
      timestamp: at,
    }),
    'x-hubspot-request-timestamp': String(at),
  })
  const latest = () => capturedWebhooks(server.core.db, 'hubspot').at(-1)!
  const detail = (hook: CapturedWebhook) =>
    (server.core.db.prepare('SELECT data FROM events WHERE id = ?').get(hook.id) as { data: string }).data

  it('a delivery through a tunnel, signed for its https URL, is valid', async () => {
    const host = 'abc123.tunnel.example'
    const status = await post('/webhooks/hubspot', host, signedFor(`https://${host}/webhooks/hubspot`), body)
    expect(status).toBe(200)
    expect(latest().signature).toBe('valid')
  })

  it('the URL HubSpot signs includes the query (?workspace=)', async () => {
    const host = 'abc123.tunnel.example'
    const url = `https://${host}/webhooks/hubspot?workspace=default`
    expect(await post('/webhooks/hubspot?workspace=default', host, signedFor(url), body)).toBe(200)
    expect(latest().signature).toBe('valid')
  })

  it('a tampered body, another URL or a stale timestamp is invalid (and still captured)', async () => {
    const host = 'abc123.tunnel.example'
    const url = `https://${host}/webhooks/hubspot`
    await post('/webhooks/hubspot', host, signedFor(url), body.replace('"objectId":5', '"objectId":6'))
    expect(latest().signature).toBe('invalid')
    await post('/webhooks/hubspot', host, signedFor(`https://elsewhere.example/webhooks/hubspot`), body)
    expect(latest().signature).toBe('invalid')
    await post('/webhooks/hubspot', host, signedFor(url, Date.now() - 6 * 60_000), body)
    expect(latest().signature).toBe('invalid')
    expect(detail(latest())).toMatch(/5 minutes old/)
  })
})

describe('replaying a HubSpot webhook with resign', () => {
  it('signs the edited request for the URL it is sent to, as HubSpot would', async () => {
    const receiver = await startReceiver()
    try {
      const hook = capturedWebhooks(server.core.db, 'hubspot')[0]!
      const edited = JSON.stringify([{ ...eventsOf(hook)[0], objectId: 42 }])
      const res = await fetch(`${server.url}/api/events/${hook.id}/replay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, body: edited, resign: true }),
      })
      expect(res.status, await res.clone().text()).toBeLessThan(300)
      const delivery = (await res.json()) as { event_id: string }
      const [got] = await receiver.waitFor(1)
      const value = (name: string) => got!.headers.find(([n]) => n.toLowerCase() === name)?.[1]
      expect(
        Signature.isValid({
          signatureVersion: 'v3',
          method: 'POST',
          url: receiver.url,
          requestBody: got!.body.toString('utf8'),
          clientSecret: SECRET,
          signature: value('x-hubspot-signature-v3')!,
          timestamp: Number(value('x-hubspot-request-timestamp')),
        }),
      ).toBe(true)
      const replayed = await fetch(`${server.url}/api/events/${delivery.event_id}`, {
        headers: { authorization: `Bearer ${key}` },
      })
      expect(((await replayed.json()) as { signature: string }).signature).toBe('valid')
    } finally {
      await receiver.close()
    }
  })
})
