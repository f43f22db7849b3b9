import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Client } from '@microsoft/microsoft-graph-client'
import { PageIterator } from '@microsoft/microsoft-graph-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'
import { graphFailure, graphThroughGateway } from './msgraph-client.js'

/**
 * Delta queries and change notifications of the simulated Graph, driven by the official SDK; the
 * notifications go to a real HTTP receiver on loopback, or to the gateway's own capture URL.
 */
const data = tempDir('switchyard-msgraph-notify-')
let server: RunningServer
let conn: string
let graph: Client
let receiver: Server
let receiverUrl: string
/** What the receiver got: validation tokens, and notification bodies. */
const handshakes: string[] = []
const notifications: Array<{ value: Array<Record<string, unknown>> }> = []
/** Notifications to `/hold` are left unanswered; each is kept with whether its request has closed. */
const held: Array<{ closed: () => boolean; release: () => void }> = []
/** Resolves the next notification to `/hook`. */
let onNotification: (() => void) | undefined

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server, 'outlook-mail', 'contoso')
  graph = graphThroughGateway(server, conn)
  receiver = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const token = url.searchParams.get('validationToken')
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      if (url.pathname === '/silent') return res.writeHead(404).end()
      if (token !== null) {
        handshakes.push(token)
        return res.writeHead(200, { 'content-type': 'text/plain' }).end(token)
      }
      if (url.pathname === '/hold') {
        let closed = false
        res.on('close', () => {
          closed = true
        })
        held.push({ closed: () => closed, release: () => res.writeHead(202).end() })
        return
      }
      notifications.push(JSON.parse(body))
      res.writeHead(202).end()
      onNotification?.()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
})
afterAll(async () => {
  receiver.close()
  await server.close()
  data.cleanup()
})

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()
type Item = { id: string; subject?: string; '@removed'?: { reason: string } }

describe('delta queries on the simulated Inbox', () => {
  it('pages the first round with nextLink, ends with a deltaLink; later rounds return only changes', async () => {
    const prefer = { Prefer: 'odata.maxpagesize=2' }
    const first = await graph.api('/me/mailFolders/inbox/messages/delta').headers(prefer).get()
    expect(first['@odata.nextLink']).toContain('$skiptoken=')
    const seen: Item[] = []
    const pages = new PageIterator(graph, first, (m: Item) => Boolean(seen.push(m)), { headers: prefer })
    await pages.iterate()
    expect(seen.map((m) => m.subject).sort()).toEqual([
      'Invoice 1042',
      'Quarterly planning',
      'Welcome to your new mailbox',
    ])
    const deltaLink = pages.getDeltaLink()!
    expect(deltaLink).toContain('$deltatoken=')

    const unchanged = await graph.api(deltaLink).get()
    expect(unchanged.value).toEqual([])
    await graph.api(`/me/messages/${seen[0]!.id}`).patch({ isRead: true })
    await graph.api(`/me/messages/${seen[1]!.id}`).delete()
    await graph.api('/me/sendMail').post({
      message: {
        subject: 'New arrival',
        toRecipients: [{ emailAddress: { address: 'megan@contoso.example' } }],
      },
    })
    const changes = await graph.api(deltaLink).get()
    expect(changes.value).toEqual([
      expect.objectContaining({ id: seen[0]!.id, isRead: true }),
      { '@odata.type': '#microsoft.graph.message', id: seen[1]!.id, '@removed': { reason: 'deleted' } },
      expect.objectContaining({ subject: 'New arrival' }),
    ])
    const next = await graph.api(changes['@odata.deltaLink']).get()
    expect(next.value).toEqual([])
    expect(
      await graphFailure(graph.api('/me/mailFolders/inbox/messages/delta?$deltatoken=bogus').get()),
    ).toMatchObject({
      statusCode: 400,
    })
  })
})

describe('subscriptions and change notifications', () => {
  it('the validationToken handshake, then notifications to the notificationUrl on changes', async () => {
    const sub = await graph.api('/subscriptions').post({
      changeType: 'created,deleted',
      notificationUrl: receiverUrl,
      resource: "me/mailFolders('Inbox')/messages",
      expirationDateTime: inAnHour(),
      clientState: 'secret-client-state',
    })
    expect(handshakes).toHaveLength(1)
    expect(handshakes[0]).toMatch(/^Validation: /)
    expect(sub).toMatchObject({
      changeType: 'created,deleted',
      notificationUrl: receiverUrl,
      clientState: 'secret-client-state',
    })
    await graph.api('/me/sendMail').post({
      message: {
        subject: 'Notify me',
        toRecipients: [{ emailAddress: { address: 'megan@contoso.example' } }],
      },
    })
    await server.core.simulation.settled()
    expect(notifications).toHaveLength(1)
    const [n] = notifications[0]!.value
    expect(n).toMatchObject({
      subscriptionId: sub.id,
      clientState: 'secret-client-state',
      changeType: 'created',
      resourceData: { '@odata.type': '#Microsoft.Graph.Message' },
    })
    const id = (n!.resourceData as { id: string }).id
    expect((await graph.api(`/me/messages/${id}`).get()).subject).toBe('Notify me')
    await graph.api(`/me/messages/${id}`).patch({ isRead: true })
    await graph.api(`/me/messages/${id}`).delete()
    await server.core.simulation.settled()
    expect(notifications.map((x) => x.value[0]!.changeType)).toEqual(['created', 'deleted'])
    await graph.api(`/subscriptions/${sub.id}`).delete()
    expect((await graph.api('/subscriptions').get()).value).toEqual([])
  })

  it("notifications to the gateway's own capture URL arrive through the capture path", async () => {
    await graph.api('/subscriptions').post({
      changeType: 'created',
      notificationUrl: `${server.url}/webhooks/outlook-calendar`,
      resource: 'me/events',
      expirationDateTime: inAnHour(),
      clientState: 'calendar-state',
    })
    await graph.api('/me/events').post({
      subject: 'Captured',
      start: { dateTime: '2026-12-05T10:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-05T10:30:00', timeZone: 'UTC' },
    })
    await server.core.simulation.settled()
    // The capture path stores the handshake too (empty body); the notification comes after it.
    const rows = server.core.db
      .prepare(
        "SELECT count(*) AS n FROM events WHERE type = 'webhook.received' AND provider = 'outlook-calendar'",
      )
      .get() as { n: number }
    expect(rows.n).toBe(2)
    const body = server.core.db
      .prepare(
        `SELECT r.body FROM events e JOIN event_requests r ON r.event_id = e.id
         WHERE e.type = 'webhook.received' AND e.provider = 'outlook-calendar' ORDER BY e.rowid DESC LIMIT 1`,
      )
      .get() as { body: Buffer }
    expect(JSON.parse(body.body.toString('utf8'))).toMatchObject({
      value: [
        {
          changeType: 'created',
          clientState: 'calendar-state',
          resourceData: { '@odata.type': '#Microsoft.Graph.Event' },
        },
      ],
    })
  })

  it('a receiver that does not answer delays only its own notifications', async () => {
    const fast = await graph.api('/subscriptions').post({
      changeType: 'created',
      notificationUrl: receiverUrl,
      resource: 'me/messages',
      expirationDateTime: inAnHour(),
    })
    // Newer subscriptions are notified first: the one that hangs goes ahead of the fast one.
    const slow = await graph.api('/subscriptions').post({
      changeType: 'created',
      notificationUrl: receiverUrl.replace('/hook', '/hold'),
      resource: 'me/messages',
      expirationDateTime: inAnHour(),
    })
    const arrived = new Promise<void>((resolve) => {
      onNotification = resolve
    })
    await graph.api('/me/messages').post({ subject: 'Both receivers' })
    await arrived
    expect(held).toHaveLength(1)
    expect(held[0]!.closed()).toBe(false)
    held[0]!.release()
    await server.core.simulation.settled()
    for (const sub of [fast, slow]) await graph.api(`/subscriptions/${sub.id}`).delete()
  })

  it('refuses a non-loopback notificationUrl and a failed handshake with 400, storing nothing', async () => {
    const before = (await graph.api('/subscriptions').get()).value.length
    const subscribe = (notificationUrl: string, expirationDateTime = inAnHour()) =>
      graphFailure(
        graph
          .api('/subscriptions')
          .post({ changeType: 'created', notificationUrl, resource: 'me/messages', expirationDateTime }),
      )
    const remote = await subscribe('https://hooks.example.com/graph')
    expect(remote).toMatchObject({ statusCode: 400, code: 'InvalidRequest' })
    expect(remote.message).toContain('loopback')
    expect(await subscribe('http://169.254.169.254/latest')).toMatchObject({
      statusCode: 400,
      code: 'InvalidRequest',
    })
    expect(await subscribe('http://user:pw@127.0.0.1:1/x')).toMatchObject({
      statusCode: 400,
      code: 'InvalidRequest',
    })
    const silent = await subscribe(receiverUrl.replace('/hook', '/silent'))
    expect(silent).toMatchObject({ statusCode: 400, code: 'ValidationError' })
    const thirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString()
    expect(await subscribe(receiverUrl, thirtyDays)).toMatchObject({ statusCode: 400 })
    expect((await graph.api('/subscriptions').get()).value.length).toBe(before)
  })
})
