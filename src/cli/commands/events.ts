import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import createClient from 'openapi-fetch'
import { z } from 'zod'
import { ADMIN_TOKEN_FILE } from '../../core/data-folder.js'
import type { components, paths } from '../../sdk/api-types.js'
import { readSse } from '../../sdk/sse.js'
import { parseCommand, UsageError } from '../args.js'
import { type Io, resolveDataDir } from '../context.js'
import { oneLine } from '../terminal-text.js'

export type Event = components['schemas']['Event']
type StreamQuery = NonNullable<paths['/api/events/stream']['get']['parameters']['query']>

export const DEFAULT_URL = 'http://127.0.0.1:4747'

/** Options of every command that talks to a running gateway. */
export const CLIENT_OPTIONS = {
  url: { type: 'string' },
  key: { type: 'string' },
  workspace: { type: 'string' },
} as const

export const ClientValues = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  url: z
    .string()
    .regex(/^https?:\/\/[^\s/]+/, 'must be the gateway URL, e.g. http://127.0.0.1:4747')
    .optional(),
  key: z.string().min(1).optional(),
  workspace: z.string().min(1).optional(),
})

export const CLIENT_HELP = `    --url URL        the running gateway (default $SWITCHYARD_URL, else ${DEFAULT_URL})
    --key KEY        a secret API key (default: $SWITCHYARD_KEY, else the data folder's admin token)
    --workspace W    with the admin token: the workspace to act on (default: default)`

/**
 * The running gateway's API, authenticated as the command line says: openapi-fetch over the
 * generated types (as the dashboard), so a renamed path or field fails the typecheck.
 */
export function gatewayClient(values: z.infer<typeof ClientValues>, io: Io) {
  let token = values.key ?? io.env.SWITCHYARD_KEY
  const base = (values.url ?? io.env.SWITCHYARD_URL ?? DEFAULT_URL).replace(/\/+$/, '')
  // Without a key, the admin token of the data folder named by --data / SWITCHYARD_DATA (else the
  // default one): a gateway started on another folder refuses it, and the message says which.
  let folder: string | undefined
  if (!token) {
    folder = resolveDataDir(values.data, io.env)
    const file = join(folder, ADMIN_TOKEN_FILE)
    if (existsSync(file)) token = readFileSync(file, 'utf8').trim()
  }
  if (!token) {
    throw new UsageError(
      `no key: pass --key sk_… (or set SWITCHYARD_KEY), or --data (or SWITCHYARD_DATA) with the gateway's data folder; there is no admin token in ${folder}`,
    )
  }
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (values.workspace) headers['switchyard-workspace'] = values.workspace
  const api = createClient<paths>({ baseUrl: base, headers })
  const wrongFolder = new Error(
    `the gateway at ${base} refused the admin token of the data folder ${folder}: it serves another folder. Pass --data (or set SWITCHYARD_DATA) with the "data folder:" it printed, or --key sk_…`,
  )
  api.use({
    onResponse: ({ response }) => {
      if (folder && response.status === 401) throw wrongFolder
    },
    onError: ({ error }) =>
      error === wrongFolder || (error instanceof Error && error.name === 'AbortError')
        ? (error as Error)
        : new Error(`cannot reach the gateway at ${base} (is \`switchyard serve\` running?)`),
  })
  return { base, api }
}
export type GatewayClient = ReturnType<typeof gatewayClient>

/** The data of an answer, or its problem thrown as `status: detail`. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error === undefined && result.response.ok) return result.data as T
  const error = result.error
  const detail =
    typeof error === 'object' && error !== null
      ? 'detail' in error
        ? String(error.detail)
        : JSON.stringify(error)
      : String(error ?? '')
  throw new Error(`${result.response.status}: ${detail}`)
}

/** A filter as the query of the stream and export endpoints (unset options left out). */
export const filterQuery = <T extends Record<string, string | undefined>>(filter: T) =>
  Object.fromEntries(Object.entries(filter).filter((e) => e[1] !== undefined)) as T

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/**
 * Committed events from the gateway's SSE stream, forever: when the connection drops (the gateway
 * restarts) it reconnects with Last-Event-ID, so nothing committed in between is missed.
 */
export async function* streamEvents(
  client: GatewayClient,
  query: StreamQuery,
  signal: AbortSignal,
  onState: (state: 'connected' | 'reconnecting') => void = () => {},
): AsyncGenerator<Event> {
  let lastId: string | undefined
  let wait = 500
  while (!signal.aborted) {
    try {
      const res = ok(
        await client.api.GET('/api/events/stream', {
          params: { query },
          parseAs: 'stream',
          signal,
          ...(lastId && { headers: { 'last-event-id': lastId } }),
        }),
      )
      onState('connected')
      wait = 500
      for await (const m of readSse(res as ReadableStream<Uint8Array>)) {
        if (m.event === 'error') {
          // The gateway ended the stream: the key was revoked, or the data folder reset.
          const problem = JSON.parse(m.data) as { status: number; detail: string }
          throw new Error(`${problem.status}: ${problem.detail}`)
        }
        const event = JSON.parse(m.data) as Event
        lastId = event.id
        yield event
      }
    } catch (err) {
      if (signal.aborted) return
      if (/^(400|401|403|404):/.test((err as Error).message)) throw err
    }
    if (signal.aborted) return
    onState('reconnecting')
    await sleep(wait, signal)
    wait = Math.min(wait * 2, 10_000)
  }
}

/** Stops on SIGINT/SIGTERM (the signal) and reports whether it was stopped that way. */
export function stopSignal(): AbortController {
  const controller = new AbortController()
  const stop = () => controller.abort()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return controller
}

export const EVENTS_USAGE = `Usage:
  switchyard events tail [--provider P] [--type T] [--provider-event-type T] [--signature S]
                         [--duplicates D] [--count N] [--json]
  switchyard events export [--format ndjson|har] [--provider P] [--type T] [--provider-event-type T]
                           [--signature S] [--source S] [--duplicates D] [--since ISO] [--until ISO]
                           [--out FILE]
    tail     prints events live as they are committed (Ctrl-C stops); --count N stops after N
    export   writes the log (NDJSON: every event with its request; HAR: captured webhooks)
    --type matches event types (connection.created), --provider-event-type the provider's own
    (push), as search does; --duplicates include|exclude|only: captures marked duplicate_of (a
    sender id seen before); filters take comma-separated lists. Both talk to a running gateway:
${CLIENT_HELP}`

const Options = ClientValues.extend({
  provider: z.string().optional(),
  type: z.string().optional(),
  'provider-event-type': z.string().optional(),
  signature: z.string().optional(),
  source: z.string().optional(),
  duplicates: z.enum(['include', 'exclude', 'only']).optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  format: z.enum(['ndjson', 'har']).default('ndjson'),
  out: z.string().optional(),
  count: z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number')
    .transform(Number)
    .optional(),
})

const line = (e: Event) =>
  [
    e.created_at.slice(11, 19),
    e.id,
    e.type,
    e.provider ?? '-',
    e.provider_event_type ?? '-',
    e.signature ?? '-',
  ]
    .map(oneLine)
    .join('  ')

/** `switchyard events tail|export`. */
export async function eventsCommand(argv: string[], io: Io): Promise<void> {
  const [sub, ...rest] = argv
  const str = { type: 'string' } as const
  const { values, positionals } = parseCommand(
    rest,
    {
      ...CLIENT_OPTIONS,
      provider: str,
      type: str,
      'provider-event-type': str,
      signature: str,
      source: str,
      duplicates: str,
      since: str,
      until: str,
      format: str,
      out: str,
      count: str,
    },
    Options,
    EVENTS_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, EVENTS_USAGE)
  const client = gatewayClient(values, io)
  const { provider, type, signature, source, duplicates } = values
  const provider_event_type = values['provider-event-type']
  if (sub === 'tail') {
    const controller = stopSignal()
    let seen = 0
    // Announced once the stream is open, so whatever is captured after this line is shown.
    let announced = false
    const onState = (state: string) => {
      if (state === 'reconnecting') io.err('Lost the gateway; reconnecting (missed events will follow)…')
      else if (!announced) {
        announced = true
        io.err(`Streaming events from ${client.base} (Ctrl-C to stop)…`)
      }
    }
    for await (const event of streamEvents(
      client,
      filterQuery({ provider, type, provider_event_type, signature, source, duplicates }),
      controller.signal,
      onState,
    )) {
      io.out(values.json ? JSON.stringify(event) : line(event))
      if (values.count && ++seen >= values.count) controller.abort()
    }
    return
  }
  if (sub === 'export') {
    const query = filterQuery({
      provider,
      type,
      provider_event_type,
      signature,
      source,
      duplicates,
      since: values.since,
      until: values.until,
      format: values.format,
    })
    const res = ok(await client.api.GET('/api/events/export', { params: { query }, parseAs: 'stream' }))
    if (values.out) {
      // Loaded here, not at start: only an export to a file needs it.
      const { open } = process.getBuiltinModule('node:fs/promises')
      // Owner-only like a snapshot: an export holds whole webhook bodies. chmod narrows an existing file.
      const file = await open(values.out, 'w', 0o600)
      try {
        await file.chmod(0o600)
        for await (const chunk of res as unknown as AsyncIterable<Uint8Array>) await file.write(chunk)
      } finally {
        await file.close()
      }
      io.err(`Wrote ${values.format.toUpperCase()} to ${values.out}`)
      return
    }
    const text = await new Response(res).text()
    if (text.trim()) io.out(text.trimEnd())
    return
  }
  throw new UsageError(
    sub ? `unknown events command '${sub}'` : 'events needs a command: tail or export',
    EVENTS_USAGE,
  )
}
