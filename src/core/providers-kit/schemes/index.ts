import { standardWebhooksScheme } from './standard-webhooks.js'

/** The signature schemes that belong to no provider folder (a provider's own lives in its folder). */
export const GENERIC_SCHEMES = [standardWebhooksScheme] as const
