import { Webhook } from 'standardwebhooks'
import { type Clock, isoAt } from '../common/clock.js'
import { type Db, inTransaction } from '../db/open.js'
import type { DeliveriesService } from '../deliveries/deliveries.service.js'
import { DELIVERY_TIMEOUT_MS } from '../deliveries/deliveries.service.js'
import { sendHttp } from '../deliveries/http-send.js'
import type { EventsService } from '../events/events.service.js'
import type { OutboundMessageRow, OutboundMessagesRepo } from './outbound-messages.repo.js'
import type { WebhookEndpointsService } from './webhook-endpoints.service.js'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/**
 * The Standard Webhooks example schedule: after the first (immediate) attempt fails, wait this long
 * before each next one; when it runs out the message has failed.
 */
export const RETRY_SCHEDULE_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
]
/** Random spread of each delay (±10 %), so retries after an outage do not arrive as one wave. */
const JITTER = 0.1
/** Retry-After is honoured within these bounds. */
const RETRY_AFTER_MIN_MS = SECOND
const RETRY_AFTER_MAX_MS = 24 * HOUR
/** A claimed message is hidden from other dispatchers this long (longer than one attempt can take). */
const LEASE_MS = 2 * MINUTE
/** Look for messages queued by other processes (the CLI) at least this often. */
const POLL_MS = 30 * SECOND
/**
 * Attempts in flight at once, in all and per endpoint. Each attempt runs on its own (no batch waits
 * for its slowest member), so an endpoint that never answers holds only its own few slots for the
 * timeout while every other endpoint's new deliveries and retries go out at once.
 */
export const MAX_IN_FLIGHT = 32
export const MAX_IN_FLIGHT_PER_ENDPOINT = 4

const jittered = (ms: number) => Math.round(ms * (1 - JITTER + Math.random() * 2 * JITTER))

/**
 * Delivers queued gateway events to outbound endpoints, signed per Standard Webhooks, retrying on
 * the schedule above: 2xx delivered; 410 Gone disables the endpoint; Retry-After (429, 503, …) is
 * honoured; anything else (3xx included) is a failure retried until the schedule runs out.
 */
export function createDispatcher(deps: {
  db: Db
  clock: Clock
  messages: OutboundMessagesRepo
  endpoints: WebhookEndpointsService
  events: EventsService
  deliveries: DeliveriesService
  userAgent: string
}) {
  const { db, clock, messages, endpoints, events, deliveries } = deps
  let started = false
  let timer: NodeJS.Timeout | undefined
  let immediate: NodeJS.Immediate | undefined
  /** Attempts in flight, by endpoint id. */
  const busy = new Map<string, number>()
  let inFlight = 0

  async function attempt(message: OutboundMessageRow): Promise<void> {
    const nowMs = clock.now()
    const now = isoAt(nowMs)
    const endpoint = endpoints.find(message.workspace_id, message.endpoint_id)
    if (endpoint?.status !== 'active') {
      messages.settle({ ...message, status: 'failed', next_attempt_at: null, updated_at: now })
      return
    }
    const event = events.get(message.workspace_id, message.event_id)
    const payload = JSON.stringify({ type: event.type, timestamp: event.created_at, data: event })
    const signature = new Webhook(endpoint.secret).sign(event.id, new Date(nowMs), payload)
    const result = await sendHttp(
      endpoint.url,
      {
        method: 'POST',
        headers: [
          ['content-type', 'application/json'],
          ['user-agent', deps.userAgent],
          ['webhook-id', event.id],
          ['webhook-timestamp', String(Math.floor(nowMs / 1000))],
          ['webhook-signature', signature],
        ],
        body: Buffer.from(payload),
      },
      { timeoutMs: DELIVERY_TIMEOUT_MS, nowMs },
    )
    const attempts = message.attempts + 1
    const doneMs = clock.now()
    const ok = result.status !== null && result.status >= 200 && result.status < 300
    const gone = result.status === 410
    const retryIn =
      result.retryAfterMs !== null
        ? Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, result.retryAfterMs))
        : RETRY_SCHEDULE_MS[attempts - 1] !== undefined
          ? jittered(RETRY_SCHEDULE_MS[attempts - 1]!)
          : null
    const giveUp = gone || retryIn === null || attempts > RETRY_SCHEDULE_MS.length
    inTransaction(db, () => {
      deliveries.recordEndpointAttempt(
        message.workspace_id,
        event.id,
        {
          target: endpoint.url,
          attempt: attempts,
          status: result.status,
          error: result.error,
          duration_ms: result.duration_ms,
        },
        { endpoint_id: endpoint.id, message_id: message.id },
      )
      if (gone) endpoints.disable(message.workspace_id, endpoint.id, 'the endpoint answered 410 Gone')
      messages.settle({
        id: message.id,
        status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
        attempts,
        next_attempt_at: ok || giveUp ? null : isoAt(doneMs + retryIn!),
        updated_at: isoAt(doneMs),
      })
    })
  }

  /** Runs one attempt on its own; when it ends its slot is free, so look for more due work. */
  function launch(message: OutboundMessageRow): Promise<void> {
    inFlight++
    busy.set(message.endpoint_id, (busy.get(message.endpoint_id) ?? 0) + 1)
    return attempt(message)
      .catch(() => {})
      .finally(() => {
        inFlight--
        const left = busy.get(message.endpoint_id)! - 1
        if (left > 0) busy.set(message.endpoint_id, left)
        else busy.delete(message.endpoint_id)
        wake()
      })
  }

  /** Claims what is due and has a free slot, and launches each; returns the launched attempts. */
  function launchDue(): Promise<void>[] {
    const launched: Promise<void>[] = []
    while (db.open && inFlight < MAX_IN_FLIGHT) {
      const nowMs = clock.now()
      const next = messages.nextDue()
      // A read first, so an idle poll never takes the write lock.
      if (next === null || next > isoAt(nowMs)) break
      const due = inTransaction(db, () =>
        messages.claim({
          now: isoAt(nowMs),
          lease: isoAt(nowMs + LEASE_MS),
          limit: MAX_IN_FLIGHT - inFlight,
          perEndpoint: MAX_IN_FLIGHT_PER_ENDPOINT,
          busy,
        }),
      )
      if (due.length === 0) break
      launched.push(...due.map(launch))
    }
    return launched
  }

  function scheduleNext() {
    if (!started || !db.open) return
    clearTimeout(timer)
    const due = messages.nextDue()
    // Due now yet unclaimed means its endpoint's slots are full: a finishing attempt wakes us then.
    const wait = due === null ? POLL_MS : Math.min(POLL_MS, Date.parse(due) - clock.now())
    timer = setTimeout(() => void runDue(), wait > 0 ? wait : POLL_MS)
    timer.unref()
  }

  /** Launches every message that is due now and has a free slot; resolves when those attempts end. */
  async function runDue(): Promise<void> {
    let launched: Promise<void>[] = []
    try {
      launched = launchDue()
    } catch {
      // The database went away (shutdown) or is busy: the next poll tries again.
    }
    try {
      scheduleNext()
    } catch {
      // As above; a finishing attempt or the next emit wakes the dispatcher again.
    }
    await Promise.all(launched)
  }

  /** Looks for due messages soon (after an emit that queued messages commits). */
  function wake() {
    if (!started || immediate) return
    immediate = setImmediate(() => {
      immediate = undefined
      void runDue()
    })
    immediate.unref()
  }

  return {
    runDue,
    wake,
    /** Starts delivering in this process (the server); CLI commands that only write never start it. */
    start() {
      if (started) return
      started = true
      wake()
    },
    stop() {
      started = false
      clearTimeout(timer)
      if (immediate) clearImmediate(immediate)
      immediate = undefined
    },
  }
}
export type Dispatcher = ReturnType<typeof createDispatcher>
