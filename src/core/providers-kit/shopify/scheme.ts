import { bodyHmacScheme } from '../schemes/scheme.js'

/**
 * Shopify: `X-Shopify-Hmac-Sha256: <base64 HMAC-SHA256 of the raw body>` keyed with the app's
 * secret, as `shopify.webhooks.validate` checks it.
 */
export const shopifyScheme = bodyHmacScheme({
  id: 'shopify',
  header: 'x-shopify-hmac-sha256',
  sentAs: 'X-Shopify-Hmac-Sha256',
  prefix: '',
  encoding: 'base64',
})
