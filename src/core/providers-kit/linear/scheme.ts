import { bodyHmacScheme } from '../schemes/scheme.js'

/**
 * Linear: `Linear-Signature: <hex HMAC-SHA256 of the raw body>` (as `LinearWebhookClient.verify`
 * checks it; the signed body's `webhookTimestamp` is its freshness); `Linear-Delivery` is the
 * message id.
 */
export const linearScheme = bodyHmacScheme({
  id: 'linear',
  header: 'linear-signature',
  sentAs: 'Linear-Signature',
  prefix: '',
  encoding: 'hex',
  messageId: (header) => header('linear-delivery'),
})
