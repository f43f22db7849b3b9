import { stripe as stripeSample } from '../../triggers/samples/stripe.js'
import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { stripeDialect } from './errors.js'
import { STRIPE_EVENT_TYPES } from './events.js'
import { route } from './routes.js'
import { stripeScheme } from './scheme.js'
import { stripeSeed } from './seed.js'
import { initialState, type StripeState } from './state.js'
import { stripeTokens } from './tokens.js'
import { stripeAccountView, stripeExampleCalls } from './view.js'

/**
 * The simulated Stripe API (customers, payment intents, refunds, events) for the official `stripe`
 * SDK: form-encoded parameters, idempotency keys, `expand[]`, list pagination, and signed event
 * webhooks.
 */
export const stripeSimulation: ProviderSimulation<StripeState> = {
  provider: 'stripe',
  initialState,
  route,
  errors: stripeDialect,
  accountView: stripeAccountView,
  exampleCalls: stripeExampleCalls,
}

const stripeWebhooks = {
  types: STRIPE_EVENT_TYPES,
  sample: stripeSample,
} satisfies ProviderWebhooks

/** The registry entry. */
export const stripe = {
  id: 'stripe',
  simulation: stripeSimulation,
  scheme: stripeScheme,
  webhooks: stripeWebhooks,
  seed: stripeSeed,
  tokens: stripeTokens,
} as const satisfies ProviderKit
