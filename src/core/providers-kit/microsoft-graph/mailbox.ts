import type { ProxyAnswer } from '../../proxy/answerer.js'
import type { Handler } from '../kit/provider-kit.js'
import { type Ctx, isoOf, ok } from './context.js'
import { commitMessage, messageFrom } from './messages.js'
import type { GraphState } from './state.js'

const HOUR = 3_600_000

/** What a new mailbox's Inbox holds: a few messages, one of them read. */
const WELCOME = [
  {
    from: ['Microsoft Outlook', 'no-reply@microsoft.example'],
    subject: 'Welcome to your new mailbox',
    body: 'Your simulated Outlook mailbox is ready.',
    read: true,
    hoursAgo: 48,
  },
  {
    from: ['Adele Vance', 'adele@contoso.example'],
    subject: 'Quarterly planning',
    body: 'Can we meet on Thursday to go through the plan?',
    read: false,
    hoursAgo: 20,
  },
  {
    from: ['Alex Wilber', 'alex@fabrikam.example'],
    subject: 'Invoice 1042',
    body: 'Please find the invoice details below.',
    read: false,
    hoursAgo: 2,
  },
] as const

/** Fills a new mailbox's Inbox on its first call (the connection's state says whether it has been). */
function fillInbox(ctx: Ctx) {
  for (const w of WELCOME) {
    const at = isoOf(ctx.nowMs - w.hoursAgo * HOUR)
    const from = { emailAddress: { name: w.from[0], address: w.from[1] } }
    const me = { emailAddress: { name: ctx.state.user.displayName, address: ctx.state.user.mail } }
    const message = messageFrom(
      ctx,
      { subject: w.subject, body: { contentType: 'text', content: w.body }, from, toRecipients: [me] },
      'inbox',
      {
        isRead: w.read,
        receivedDateTime: at,
        sentDateTime: at,
        createdDateTime: at,
        lastModifiedDateTime: at,
      },
    )!
    commitMessage(ctx, message, 'created')
  }
  ctx.state.filled = true
  ctx.saveState(ctx.state)
}

/** Every handler sees a mailbox with its Inbox filled. */
export const withMailbox =
  (handler: Handler<GraphState>): Handler<GraphState> =>
  (ctx) => {
    if (!ctx.state.filled) fillInbox(ctx)
    return handler(ctx)
  }

/** `GET /me`: the mailbox's owner. */
export function me(ctx: Ctx): ProxyAnswer {
  const { user } = ctx.state
  const [givenName, surname] = user.displayName.split(' ')
  return ok(ctx, {
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
    businessPhones: [],
    displayName: user.displayName,
    givenName,
    jobTitle: 'Marketing Manager',
    mail: user.mail,
    mobilePhone: null,
    officeLocation: null,
    preferredLanguage: 'en-US',
    surname,
    userPrincipalName: user.mail,
    id: user.id,
  })
}
