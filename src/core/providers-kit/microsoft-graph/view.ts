import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'
import { FOLDERS } from './state.js'

/** The most rows a section shows; the API panel pages through the rest. */
const SHOWN = 50

type Row = Record<string, unknown>
const rowsOf = (objects: AccountObjects, kind: string, scope: string): Row[] =>
  objects.page(kind, scope, 'live', SHOWN, 0).rows.map((r) => JSON.parse(r) as Row)
const address = (r: unknown) =>
  (r as { emailAddress?: { address?: string } } | null)?.emailAddress?.address ?? ''

/** The mailbox's messages by folder, its calendar's events and its subscriptions. */
export function graphAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  return [
    {
      title: 'Messages',
      columns: ['Folder', 'Subject', 'From', 'To', 'Received', 'Read'],
      rows: FOLDERS.flatMap((f) => rowsOf(objects, 'message', f)).map((m) => [
        String(m._folder),
        String(m.subject ?? ''),
        address(m.from),
        ((m.toRecipients as unknown[]) ?? []).map(address).join(', '),
        String(m.receivedDateTime),
        m.isRead ? 'yes' : 'no',
      ]),
    },
    {
      title: 'Events',
      columns: ['Subject', 'Start', 'End', 'Location'],
      rows: rowsOf(objects, 'event', '').map((e) => [
        String(e.subject ?? ''),
        String((e.start as { dateTime?: string }).dateTime),
        String((e.end as { dateTime?: string }).dateTime),
        String((e.location as { displayName?: string } | undefined)?.displayName ?? ''),
      ]),
    },
    {
      title: 'Subscriptions',
      columns: ['Id', 'Resource', 'Change types', 'Notification URL', 'Expires'],
      rows: rowsOf(objects, 'subscription', '').map((s) => [
        String(s.id),
        String(s.resource),
        String(s.changeType),
        String(s.notificationUrl),
        String(s.expirationDateTime),
      ]),
    },
  ]
}

/** The API panel's examples. */
export const graphExampleCalls: readonly SimulationExampleCall[] = [
  { label: 'Who am I', method: 'GET', path: '/v1.0/me' },
  {
    label: 'Unread mail',
    method: 'GET',
    path: '/v1.0/me/messages?$filter=isRead eq false&$top=5&$select=subject,from',
  },
  {
    label: 'Send mail to myself',
    method: 'POST',
    path: '/v1.0/me/sendMail',
    body: {
      message: {
        subject: 'Hello',
        body: { contentType: 'text', content: 'Hi!' },
        toRecipients: [{ emailAddress: { address: 'megan@contoso.example' } }],
      },
    },
  },
  { label: 'Calendar events', method: 'GET', path: '/v1.0/me/events?$top=10' },
  { label: 'Inbox delta', method: 'GET', path: '/v1.0/me/mailFolders/inbox/messages/delta' },
]
