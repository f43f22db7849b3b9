import { bodyHmacScheme } from '../schemes/scheme.js'

/**
 * Jira Cloud, for webhooks registered with a secret: `X-Hub-Signature: sha256=<hex HMAC-SHA256 of
 * the raw body>` (WebSub's `method=signature`); `X-Atlassian-Webhook-Identifier` is the message id.
 */
export const jiraScheme = bodyHmacScheme({
  id: 'jira',
  header: 'x-hub-signature',
  sentAs: 'X-Hub-Signature',
  prefix: 'sha256=',
  encoding: 'hex',
  messageId: (header) => header('x-atlassian-webhook-identifier'),
})
