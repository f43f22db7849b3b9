import { createHash } from 'node:crypto'
import type { ProxyAnswer } from '../../proxy/answerers.js'
import { answer } from '../kit/http.js'
import type { Handler } from '../kit/provider-kit.js'
import { routeTable } from '../kit/routes.js'
import { type Ctx, headersOf, idempotencyKeyOf } from './context.js'
import {
  createCustomer,
  deleteCustomer,
  listCustomers,
  retrieveCustomer,
  updateCustomer,
} from './customers.js'
import { stripeError } from './errors.js'
import { listEvents } from './events.js'
import { cancelIntent, confirmIntent, createIntent, createRefund, retrieveIntent } from './payments.js'
import type { StripeState } from './state.js'

interface Kept {
  fingerprint: string
  status: number
  body: string
}

/**
 * Stripe's idempotent POSTs: the first answer under an `Idempotency-Key` is kept and replayed for
 * the same request; the same key with other parameters is a 400 `idempotency_error`.
 */
const idempotent =
  (handler: Handler<StripeState>): Handler<StripeState> =>
  (ctx: Ctx): ProxyAnswer => {
    const key = idempotencyKeyOf(ctx)
    if (!key) return handler(ctx)
    const fingerprint = createHash('sha256')
      .update(`${ctx.call.path}\n${ctx.call.body.toString('utf8')}`)
      .digest('hex')
    const keptText = ctx.objects.get('idempotency', key, 0)
    if (keptText !== undefined) {
      const kept = JSON.parse(keptText) as Kept
      if (kept.fingerprint !== fingerprint)
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          {},
          headersOf(ctx),
        )
      return answer(kept.status, kept.body, [...headersOf(ctx), ['idempotent-replayed', 'true']])
    }
    const result = handler(ctx)
    // Stripe keeps the answer unless the request never ran (a 429 or a server failure).
    if (result.status !== 429 && result.status < 500 && result.body instanceof Uint8Array)
      ctx.objects.put('idempotency', key, 0, {
        fingerprint,
        status: result.status,
        body: Buffer.from(result.body).toString('utf8'),
      } satisfies Kept)
    return result
  }

const ID = { id: /^[A-Za-z0-9_]+$/ }

/** The simulated API: customers, payment intents, refunds and events under `/v1`. */
export const route = routeTable<StripeState>(
  [
    ['GET', '/v1/customers', listCustomers],
    ['POST', '/v1/customers', idempotent(createCustomer)],
    ['GET', '/v1/customers/:id', retrieveCustomer],
    ['POST', '/v1/customers/:id', idempotent(updateCustomer)],
    ['DELETE', '/v1/customers/:id', deleteCustomer],
    ['POST', '/v1/payment_intents', idempotent(createIntent)],
    ['GET', '/v1/payment_intents/:id', retrieveIntent],
    ['POST', '/v1/payment_intents/:id/confirm', idempotent(confirmIntent)],
    ['POST', '/v1/payment_intents/:id/cancel', idempotent(cancelIntent)],
    ['POST', '/v1/refunds', idempotent(createRefund)],
    ['GET', '/v1/events', listEvents],
  ],
  { params: ID },
)
