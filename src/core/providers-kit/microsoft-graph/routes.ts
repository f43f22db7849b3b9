import { routeTable } from '../kit/routes.js'
import { messagesDelta } from './delta.js'
import { createEvent, deleteEvent, getEvent, listEvents, updateEvent } from './events.js'
import { me, withMailbox } from './mailbox.js'
import {
  createMessage,
  deleteMessage,
  getMessage,
  listMessages,
  sendMail,
  updateMessage,
} from './messages.js'
import type { GraphState } from './state.js'
import { createSubscription, deleteSubscription, listSubscriptions } from './subscriptions.js'

const table = routeTable<GraphState>(
  [
    ['GET', '/v1.0/me', me],
    ['GET', '/v1.0/me/messages', listMessages],
    ['POST', '/v1.0/me/messages', createMessage],
    ['GET', '/v1.0/me/messages/:id', getMessage],
    ['PATCH', '/v1.0/me/messages/:id', updateMessage],
    ['DELETE', '/v1.0/me/messages/:id', deleteMessage],
    ['POST', '/v1.0/me/sendMail', sendMail],
    ['GET', '/v1.0/me/mailFolders/:folder/messages', listMessages],
    ['GET', '/v1.0/me/mailFolders/:folder/messages/delta', messagesDelta],
    ['GET', '/v1.0/me/events', listEvents],
    ['POST', '/v1.0/me/events', createEvent],
    ['GET', '/v1.0/me/events/:id', getEvent],
    ['PATCH', '/v1.0/me/events/:id', updateEvent],
    ['DELETE', '/v1.0/me/events/:id', deleteEvent],
    ['GET', '/v1.0/subscriptions', listSubscriptions],
    ['POST', '/v1.0/subscriptions', createSubscription],
    ['DELETE', '/v1.0/subscriptions/:id', deleteSubscription],
  ],
  { params: { id: /^[A-Za-z0-9=_-]+$/, folder: /^[A-Za-z]+$/ } },
)

/** The simulated Graph API under `/v1.0`; every call sees a mailbox with a filled Inbox. */
export const route: typeof table = Object.assign(
  (call: Parameters<typeof table>[0]) => {
    const handler = table(call)
    return handler && withMailbox(handler)
  },
  { operations: table.operations },
)
