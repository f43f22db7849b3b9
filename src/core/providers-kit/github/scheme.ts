import { bodyHmacScheme } from '../schemes/scheme.js'

/**
 * GitHub: the body's HMAC-SHA256 as `X-Hub-Signature-256: sha256=<hex>` (the legacy SHA-1
 * `X-Hub-Signature` is dropped when re-signing); `X-GitHub-Delivery` is the message id, kept on
 * redelivery.
 */
export const githubScheme = bodyHmacScheme({
  id: 'github',
  header: 'x-hub-signature-256',
  sentAs: 'X-Hub-Signature-256',
  prefix: 'sha256=',
  encoding: 'hex',
  alsoReplaces: ['x-hub-signature'],
  messageId: (header) => header('x-github-delivery'),
})
