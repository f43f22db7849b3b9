import { bodyHmacScheme } from './scheme.js'

/** Shopify: the body's HMAC-SHA256 in base64, `X-Shopify-Hmac-Sha256`. */
export const shopifyScheme = bodyHmacScheme({
  id: 'shopify',
  header: 'x-shopify-hmac-sha256',
  sentAs: 'X-Shopify-Hmac-Sha256',
  prefix: '',
  encoding: 'base64',
})
