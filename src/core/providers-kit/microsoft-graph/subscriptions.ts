import type { ProxyAnswer, ProxyCall } from '../../proxy/answerer.js'
import { isLoopbackUrl, postToLoopback } from '../engine/outbound.js'
import { isAnswer, jsonBodyOf } from '../kit/http.js'
import type { ErrorEnv } from '../kit/provider-kit.js'
import {
  allOf,
  badRequest,
  bodyOf,
  type Ctx,
  collection,
  fail,
  load,
  newId,
  ok,
  publicOf,
  save,
} from './context.js'
import { graphError, graphHeaders } from './errors.js'
import { type Subscription, targetOf } from './notify.js'

/** Graph waits this long for the endpoint to echo the validation token. */
export const HANDSHAKE_TIMEOUT_MS = 10_000
/** The longest subscription Graph grants for Outlook resources: 10 080 minutes (7 days). */
const MAX_LIFETIME_MS = 10_080 * 60_000
const CHANGE_TYPES = new Set(['created', 'updated', 'deleted'])

type Input = Pick<
  Subscription,
  'resource' | 'changeType' | 'notificationUrl' | 'expirationDateTime' | 'clientState' | '_target'
>

/** A subscription request's fields, or why Graph refuses it (400). */
function inputOf(body: Record<string, unknown>, nowMs: number): Input | { error: string; code?: string } {
  const { changeType, notificationUrl, resource, expirationDateTime, clientState } = body
  for (const [name, value] of Object.entries({ changeType, notificationUrl, resource, expirationDateTime }))
    if (typeof value !== 'string' || !value)
      return { error: `Required property '${name}' is missing or not a string.` }
  const changes = (changeType as string).split(',').map((c) => c.trim())
  if (!changes.every((c) => CHANGE_TYPES.has(c)))
    return { error: `Invalid changeType '${changeType}': use created, updated and/or deleted.` }
  if (!isLoopbackUrl(notificationUrl as string))
    return {
      error: `Invalid notification URL '${notificationUrl}'. Offline, Switchyard only notifies loopback URLs (127.0.0.1, localhost, [::1]); the real Graph needs a public HTTPS URL.`,
      code: 'InvalidRequest',
    }
  const target = targetOf(resource as string)
  if (!target)
    return {
      error: `Resource '${resource}' is not supported for subscriptions here.`,
      code: 'InvalidRequest',
    }
  const expires = Date.parse(expirationDateTime as string)
  if (Number.isNaN(expires) || expires <= nowMs || expires - nowMs > MAX_LIFETIME_MS)
    return {
      error: 'Subscription expiration can only be 10070 minutes in the future and must be after now.',
      code: 'InvalidRequest',
    }
  if (clientState !== undefined && clientState !== null && typeof clientState !== 'string')
    return { error: "Invalid value for property 'clientState'." }
  return {
    resource: resource as string,
    changeType: changes.join(','),
    notificationUrl: notificationUrl as string,
    expirationDateTime: new Date(expires).toISOString().replace(/\.\d+Z$/, 'Z'),
    clientState: (clientState as string | undefined) ?? null,
    _target: target,
  }
}

const SUBSCRIPTIONS_PATH = /^\/v1\.0\/subscriptions\/?$/

/**
 * Before `POST /subscriptions` is answered: the validation handshake Graph performs. It POSTs to
 * `notificationUrl?validationToken=…` and expects 200 with the token echoed as text/plain within
 * 10 s; otherwise the subscription is refused with 400 and nothing is stored.
 */
export async function validationHandshake(call: ProxyCall, env: ErrorEnv): Promise<ProxyAnswer | undefined> {
  if (call.method !== 'POST' || !SUBSCRIPTIONS_PATH.test(call.path)) return undefined
  const refuse = (message: string, code = 'InvalidRequest') =>
    graphError(400, code, message, graphHeaders(env.ids), env.nowMs)
  const body = jsonBodyOf<Record<string, unknown>>(call, () => refuse('Invalid JSON body.', 'BadRequest'), {
    objectOnly: true,
  })
  if (isAnswer(body)) return body
  const input = inputOf(body, env.nowMs)
  if ('error' in input) return refuse(input.error, input.code ?? 'BadRequest')
  const token = `Validation: Testing client application reachability for subscription Request-Id: ${env.ids.uuid()}`
  const url = new URL(input.notificationUrl)
  url.searchParams.set('validationToken', token)
  const reply = await postToLoopback(
    url.href,
    '',
    { 'content-type': 'text/plain; charset=utf-8' },
    HANDSHAKE_TIMEOUT_MS,
  )
  if (reply?.status === 200 && reply.text === token) return undefined
  return refuse(
    `Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request. (${reply ? `it answered ${reply.status}` : 'no answer within 10 s'})`,
    'ValidationError',
  )
}

/** `POST /subscriptions` (after the handshake): 201 with the subscription. */
export function createSubscription(ctx: Ctx): ProxyAnswer {
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const input = inputOf(body, ctx.nowMs)
  if ('error' in input) return badRequest(ctx, input.error, input.code ?? 'BadRequest')
  const sub: Subscription = {
    id: newId(ctx, 'subscription').id,
    ...input,
    applicationId: '00000000-0000-0000-0000-5317c4a1d000',
    creatorId: ctx.state.user.id,
    includeResourceData: false,
    latestSupportedTlsVersion: 'v1_2',
    lifecycleNotificationUrl: null,
    notificationUrlAppId: null,
  }
  save(ctx, 'subscription', '', sub)
  return ok(
    ctx,
    {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
      ...publicOf(sub),
    },
    201,
  )
}

export const listSubscriptions = (ctx: Ctx): ProxyAnswer =>
  collection(ctx, allOf(ctx, 'subscription', ''), 'subscriptions', 100)

export function deleteSubscription(ctx: Ctx): ProxyAnswer {
  const sub = load(ctx, 'subscription', '', ctx.params.id)
  if (!sub || sub._removed)
    return fail(ctx, 404, 'ResourceNotFound', `The object was not found: subscription '${ctx.params.id}'.`)
  save(ctx, 'subscription', '', { ...sub, _removed: true }, 'removed')
  return ok(ctx, null, 204)
}
