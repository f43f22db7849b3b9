import { z } from 'zod'
import { TargetUrlSchema } from '../../core/deliveries/deliveries.schema.js'
import { forwardableHeaders, sendHttp } from '../../core/deliveries/http-send.js'
import { intArg, parseCommand, UsageError } from '../args.js'
import type { Io } from '../context.js'
import { oneLine } from '../terminal-text.js'
import {
  CLIENT_HELP,
  CLIENT_OPTIONS,
  ClientValues,
  type Event,
  filterQuery,
  type GatewayClient,
  gatewayClient,
  ok,
  stopSignal,
  streamEvents,
} from './events.js'

export const LISTEN_USAGE = `Usage:
  switchyard listen --forward-to URL [--provider P] [--type T] [--max-attempts N] [--retry-delay MS] [--json]
    Forwards every new captured webhook to URL (your app): the exact bytes and the original
    headers minus hop-by-hop ones. A refused connection, a timeout, a 5xx or a 429 is retried
    with exponential backoff (from --retry-delay, default 500 ms, up to 30 s) up to
    --max-attempts (default 12); each attempt is recorded on the event. Ctrl-C stops.
    --type matches the provider's event type (push, invoice.paid); lists are comma-separated.
${CLIENT_HELP}`

const Options = ClientValues.extend({
  'forward-to': TargetUrlSchema.optional(),
  provider: z.string().optional(),
  type: z.string().optional(),
  'max-attempts': intArg(1, 1000).default(12),
  'retry-delay': intArg(1, 60_000).default(500),
})

const FORWARD_TIMEOUT_MS = 30_000
const MAX_DELAY_MS = 30_000
/** Requests to the target at once. A forward waiting out its backoff holds no slot, so events that
 * keep failing never hold back new ones. */
const IN_FLIGHT = 8
/** Forwards under way (sending, or waiting to retry) before the event stream is read further. */
const MAX_PENDING = 1000

/** At most `n` calls of `run` at once; the rest wait their turn, first come first served. */
function createSlots(n: number) {
  let free = n
  const waiting: Array<() => void> = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else free++
    }
  }
}
type Slots = ReturnType<typeof createSlots>

/** Worth another try: nothing answered, the app failed, or it asked to slow down. */
const retryable = (status: number | null) => status === null || status === 429 || status >= 500

async function forward(
  client: GatewayClient,
  event: Event,
  target: string,
  options: { maxAttempts: number; retryDelay: number; signal: AbortSignal; slots: Slots },
  report: (line: Record<string, unknown>) => void,
) {
  const params = { path: { id: event.id } }
  const detail = ok(await client.api.GET('/api/events/{id}', { params }))
  const request = detail.request
  if (!request) return // listen follows webhook captures only, which always have their request
  const body = Buffer.from(
    ok(await client.api.GET('/api/events/{id}/body', { params, parseAs: 'arrayBuffer' })),
  )
  const headers = forwardableHeaders(request.headers.map((h) => [h.name, h.value]))
  for (let attempt = 1; attempt <= options.maxAttempts && !options.signal.aborted; attempt++) {
    const result = await options.slots(() =>
      sendHttp(
        target,
        { method: request.method, headers, body },
        { timeoutMs: FORWARD_TIMEOUT_MS, nowMs: Date.now() },
      ),
    )
    const recorded = {
      target,
      attempt,
      status: result.status,
      error: result.error,
      duration_ms: result.duration_ms,
    }
    await client.api.POST('/api/events/{id}/deliveries', { params, body: recorded }).catch(() => {})
    const retry = retryable(result.status) && attempt < options.maxAttempts
    report({
      event_id: event.id,
      provider: event.provider,
      type: event.provider_event_type,
      ...recorded,
      retry,
    })
    if (!retry) return
    const backoff = Math.min(
      MAX_DELAY_MS,
      options.retryDelay * 2 ** (attempt - 1),
      result.retryAfterMs ?? Infinity,
    )
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, backoff)
      options.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}

/** `switchyard listen --forward-to URL`: a client of the running gateway's event stream. */
export async function listenCommand(argv: string[], io: Io): Promise<void> {
  const str = { type: 'string' } as const
  const { values, positionals } = parseCommand(
    argv,
    {
      ...CLIENT_OPTIONS,
      'forward-to': str,
      provider: str,
      type: str,
      'max-attempts': str,
      'retry-delay': str,
    },
    Options,
    LISTEN_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, LISTEN_USAGE)
  const target = values['forward-to']
  if (!target) throw new UsageError('--forward-to URL is required', LISTEN_USAGE)
  const client = gatewayClient(values, io)
  const controller = stopSignal()
  const options = {
    maxAttempts: values['max-attempts'],
    retryDelay: values['retry-delay'],
    signal: controller.signal,
    slots: createSlots(IN_FLIGHT),
  }
  const report = (r: Record<string, unknown>) => {
    if (values.json) return io.out(JSON.stringify(r))
    const outcome = r.status === null ? `failed (${r.error})` : String(r.status)
    // The provider's event type comes from the webhook: one line per report, whatever it holds.
    const [id, provider, type, result] = [r.event_id, r.provider ?? '-', r.type ?? '-', outcome].map((v) =>
      oneLine(String(v)),
    )
    io.out(
      `${id}  ${provider}  ${type}  → ${result}  ${r.duration_ms} ms  attempt ${r.attempt}${r.retry ? ', will retry' : ''}`,
    )
  }

  const inFlight = new Set<Promise<void>>()
  const query = filterQuery({
    source: 'webhook',
    provider: values.provider,
    provider_event_type: values.type,
  })
  const onState = (state: string) =>
    io.err(
      state === 'connected'
        ? `Forwarding captured webhooks from ${client.base} to ${target} (Ctrl-C to stop)`
        : 'Lost the gateway; reconnecting…',
    )
  for await (const event of streamEvents(client, query, controller.signal, onState)) {
    const job = forward(client, event, target, options, report)
      .catch((err: Error) => io.err(`${event.id}: ${err.message}`))
      .finally(() => inFlight.delete(job))
    inFlight.add(job)
    if (inFlight.size >= MAX_PENDING) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
}
