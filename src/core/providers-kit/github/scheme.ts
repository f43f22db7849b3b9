import { createHmac } from 'node:crypto'
import { bodyHmacScheme } from '../schemes/scheme.js'

const sha256Scheme = bodyHmacScheme({
  id: 'github',
  header: 'x-hub-signature-256',
  sentAs: 'X-Hub-Signature-256',
  prefix: 'sha256=',
  encoding: 'hex',
  alsoReplaces: ['x-hub-signature'],
  messageId: (header) => header('x-github-delivery'),
})

/**
 * GitHub: the body's HMAC-SHA256 as `X-Hub-Signature-256: sha256=<hex>`, verified on capture; deliveries
 * also carry the legacy HMAC-SHA1 `X-Hub-Signature: sha1=<hex>` as GitHub still sends it (older
 * receivers check only that one). `X-GitHub-Delivery` is the message id, kept on redelivery.
 */
export const githubScheme: typeof sha256Scheme = {
  ...sha256Scheme,
  sign: (input) => ({
    ...sha256Scheme.sign(input),
    'X-Hub-Signature': `sha1=${createHmac('sha1', input.secret).update(input.body).digest('hex')}`,
  }),
}
