import type { DemoSeed } from '../kit/provider-kit.js'

const DAY = 86_400_000
const at = (days: number, hour: number) => {
  const d = new Date(Date.UTC(2026, 11, 1) + days * DAY + hour * 3_600_000)
  return d.toISOString().replace('Z', '')
}

/**
 * `seed demo`'s simulated Outlook mailbox: one connection (tenant `contoso`) with mail sent to
 * colleagues and to itself (so the Inbox grows), a draft, and calendar events, made through its API.
 */
export const graphSeed: DemoSeed = {
  label: 'Outlook (Microsoft Graph)',
  made: 'sent mail, a draft, calendar events',
  scopes: ['Mail.Read', 'Mail.Send', 'Calendars.ReadWrite', 'offline_access'],
  own: { tenant: 'contoso' },
  fill(run) {
    const me = run([{ method: 'GET', path: '/v1.0/me' }])
    const mail = (me[0]!.body as { mail: string }).mail
    const to = (address: string) => [{ emailAddress: { address } }]
    const results = run([
      {
        method: 'POST',
        path: '/v1.0/me/sendMail',
        body: {
          message: {
            subject: 'Launch checklist',
            body: { contentType: 'text', content: 'Ready for Monday.' },
            toRecipients: to('adele@contoso.example'),
          },
        },
      },
      {
        method: 'POST',
        path: '/v1.0/me/sendMail',
        body: {
          message: {
            subject: 'Note to self: renew domain',
            body: { contentType: 'text', content: 'Before the 15th.' },
            toRecipients: to(mail),
          },
        },
      },
      {
        method: 'POST',
        path: '/v1.0/me/messages',
        body: { subject: 'Draft: team offsite', toRecipients: to('team@contoso.example') },
      },
      {
        method: 'POST',
        path: '/v1.0/me/events',
        body: {
          subject: 'Weekly sync',
          start: { dateTime: at(0, 9), timeZone: 'UTC' },
          end: { dateTime: at(0, 10), timeZone: 'UTC' },
        },
      },
      {
        method: 'POST',
        path: '/v1.0/me/events',
        body: {
          subject: 'Customer demo',
          location: { displayName: 'Room 4' },
          start: { dateTime: at(2, 14), timeZone: 'UTC' },
          end: { dateTime: at(2, 15), timeZone: 'UTC' },
        },
      },
    ])
    return me.length + results.length
  },
}
