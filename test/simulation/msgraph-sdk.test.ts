import type { Client } from '@microsoft/microsoft-graph-client'
import { PageIterator, RetryHandlerOptions } from '@microsoft/microsoft-graph-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { injectFault, simulatedConnect } from './helpers.js'
import { graphFailure, graphThroughGateway } from './msgraph-client.js'

/** @microsoft/microsoft-graph-client against the simulated Outlook mailbox and calendar. */
const data = tempDir('switchyard-msgraph-sdk-')
let server: RunningServer
let conn: string
let graph: Client

type Message = {
  id: string
  subject: string
  isRead: boolean
  from: { emailAddress: { address: string } } | null
}

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server, 'outlook-mail', 'contoso')
  graph = graphThroughGateway(server, conn)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const addFault = (fault: unknown) => injectFault(server, firstSecretKey(server), conn, fault)
const noRetry = [new RetryHandlerOptions(0, 0)]

describe('@microsoft/microsoft-graph-client against the simulated Microsoft Graph', () => {
  it('/me and a new mailbox whose Inbox has a few messages', async () => {
    const me = await graph.api('/me').get()
    expect(me).toMatchObject({ displayName: 'Megan Bowen', mail: 'megan@contoso.example' })
    const inbox = await graph.api('/me/mailFolders/inbox/messages').get()
    expect(inbox.value.map((m: Message) => m.subject)).toEqual([
      'Invoice 1042',
      'Quarterly planning',
      'Welcome to your new mailbox',
    ])
  })

  it('/me/messages with $filter, $select and $top', async () => {
    const unread = await graph.api('/me/messages').filter('isRead eq false').select('subject,isRead').get()
    expect(unread.value.map((m: Message) => m.subject)).toEqual(['Invoice 1042', 'Quarterly planning'])
    expect(Object.keys(unread.value[0]).sort()).toEqual(['@odata.etag', 'id', 'isRead', 'subject'])
    const fromAdele = await graph
      .api('/me/messages')
      .filter("from/emailAddress/address eq 'ADELE@contoso.example' and isRead eq false")
      .get()
    expect(fromAdele.value.map((m: Message) => m.subject)).toEqual(['Quarterly planning'])
    const since = new Date(Date.now() - 24 * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z')
    const recent = await graph.api('/me/messages').filter(`receivedDateTime ge ${since}`).get()
    expect(recent.value).toHaveLength(2)
    const one = await graph.api('/me/messages').top(1).get()
    expect(one.value).toHaveLength(1)
    expect(one['@odata.nextLink']).toContain('$skip=1')
  })

  it('PageIterator walks @odata.nextLink through the proxy', async () => {
    for (let i = 0; i < 4; i++)
      await graph
        .api('/me/messages')
        .post({ subject: `Draft ${i}`, toRecipients: [{ emailAddress: { address: 'x@fabrikam.example' } }] })
    const first = await graph.api('/me/messages').top(2).select('subject').get()
    const subjects: string[] = []
    const pages = new PageIterator(graph, first, (m: Message) => {
      subjects.push(m.subject)
      return true
    })
    await pages.iterate()
    expect(subjects).toHaveLength(7)
    expect(new Set(subjects).size).toBe(7)
    expect(pages.isComplete()).toBe(true)
  })

  it('create message (a draft, 201) and sendMail (202): Sent Items, and the Inbox when sent to me', async () => {
    const draft = await graph.api('/me/messages').post({
      subject: 'Offsite agenda',
      body: { contentType: 'html', content: '<p>Day <b>one</b></p>' },
      toRecipients: [{ emailAddress: { address: 'team@contoso.example' } }],
    })
    expect(draft).toMatchObject({
      isDraft: true,
      parentFolderId: 'drafts',
      bodyPreview: 'Day one',
      sentDateTime: null,
    })
    expect(await graph.api(`/me/messages/${draft.id}`).get()).toMatchObject({ subject: 'Offsite agenda' })
    await graph.api('/me/sendMail').post({
      message: {
        subject: 'Hello me',
        body: { contentType: 'text', content: 'Ping' },
        toRecipients: [{ emailAddress: { address: 'megan@contoso.example' } }],
      },
    })
    const sentItems = await graph.api('/me/mailFolders/sentitems/messages').get()
    expect(sentItems.value.map((m: Message) => m.subject)).toEqual(['Hello me'])
    const unread = await graph.api('/me/mailFolders/inbox/messages').filter('isRead eq false').get()
    expect(unread.value.map((m: Message) => m.subject)).toContain('Hello me')
    const patched = await graph.api(`/me/messages/${unread.value[0].id}`).patch({ isRead: true })
    expect(patched.isRead).toBe(true)
  })

  it('/me/events create and list, paged', async () => {
    const created = await graph.api('/me/events').post({
      subject: 'Design review',
      start: { dateTime: '2026-12-03T10:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-03T11:00:00', timeZone: 'UTC' },
      location: { displayName: 'Room 2' },
      attendees: [{ emailAddress: { address: 'adele@contoso.example' }, type: 'required' }],
    })
    expect(created).toMatchObject({
      subject: 'Design review',
      start: { dateTime: '2026-12-03T10:00:00.0000000', timeZone: 'UTC' },
      location: { displayName: 'Room 2' },
      organizer: { emailAddress: { address: 'megan@contoso.example' } },
    })
    await graph.api('/me/events').post({
      subject: 'Earlier',
      start: { dateTime: '2026-12-01T08:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-01T09:00:00', timeZone: 'UTC' },
    })
    const page = await graph.api('/me/events').top(1).get()
    expect(page.value.map((e: { subject: string }) => e.subject)).toEqual(['Earlier'])
    const all: string[] = []
    await new PageIterator(graph, page, (e: { subject: string }) => Boolean(all.push(e.subject))).iterate()
    expect(all).toEqual(['Earlier', 'Design review'])
  })

  it('errors are GraphErrors in Graph shape, and bad input changes nothing', async () => {
    const missing = await graphFailure(graph.api('/me/messages/AAMkAGI2NOPE').get())
    expect(missing).toMatchObject({ statusCode: 404, code: 'ErrorItemNotFound' })
    expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/)
    const before = (await graph.api('/me/events').get()).value.length
    const bad = await graphFailure(graph.api('/me/events').post({ subject: 'No times' }))
    expect(bad).toMatchObject({ statusCode: 400, code: 'ErrorInvalidRequest' })
    expect((await graph.api('/me/events').get()).value.length).toBe(before)
    const filter = await graphFailure(graph.api('/me/messages').filter('contains(subject,"x")').get())
    expect(filter).toMatchObject({ statusCode: 400, code: 'BadRequest' })
    const noRecipients = await graphFailure(graph.api('/me/sendMail').post({ message: { subject: 'x' } }))
    expect(noRecipients).toMatchObject({ statusCode: 400 })
    const stranger = graphThroughGateway(server, conn, 'sk_not_a_key')
    expect(await graphFailure(stranger.api('/me').get())).toMatchObject({ statusCode: 401 })
  })

  it('faults: 429 TooManyRequests with Retry-After (the SDK retries it), server errors, tokens', async () => {
    expect((await addFault({ kind: 'rate_limit', count: 1 })).status).toBe(201)
    expect((await graph.api('/me').get()).displayName).toBe('Megan Bowen')
    expect((await addFault({ kind: 'rate_limit', count: 1 })).status).toBe(201)
    const limited = await graphFailure(graph.api('/me').middlewareOptions(noRetry).get())
    expect(limited).toMatchObject({ statusCode: 429, code: 'TooManyRequests' })
    expect(limited.headers?.get('retry-after')).toBe('1')
    expect((await addFault({ kind: 'server_error', count: 1, status: 500 })).status).toBe(201)
    expect(await graphFailure(graph.api('/me').get())).toMatchObject({
      statusCode: 500,
      code: 'generalException',
    })
    expect((await addFault({ kind: 'latency', ms: 50, count: 1 })).status).toBe(201)
    expect((await graph.api('/me').get()).id).toBeTruthy()
    expect((await addFault({ kind: 'expire_token' })).status).toBe(201)
    expect((await graph.api('/me').get()).id).toBeTruthy()
    expect((await addFault({ kind: 'revoke_access' })).status).toBe(201)
    const revoked = await graphFailure(graph.api('/me').get())
    expect(revoked).toMatchObject({ statusCode: 401, code: 'InvalidAuthenticationToken' })
  })
})
