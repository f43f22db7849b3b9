import { shopifyScheme } from './shopify.js'
import { standardWebhooksScheme } from './standard-webhooks.js'
import { stripeScheme } from './stripe.js'

/** The signature schemes that belong to no provider folder (a provider's own lives in its folder). */
export const GENERIC_SCHEMES = [stripeScheme, shopifyScheme, standardWebhooksScheme] as const
