import { z } from 'zod'
import type { Event } from '../../core/events/events.schema.js'
import { parseCommand, UsageError } from '../args.js'
import { emit, type Io } from '../context.js'
import { CLIENT_HELP, CLIENT_OPTIONS, ClientValues, gatewayClient } from './events.js'

export const TRIGGER_USAGE = `Usage:
  switchyard trigger <provider> <type> [--override JSON] [--json]
    Sends a realistic sample webhook (github push, stripe invoice.paid, slack message,
    shopify orders/create, …) through the gateway's ingest path, signed with the provider
    config's webhook_secret when there is one. --override is JSON deep-merged over the
    sample (the API's \`data\`), e.g. --override '{"data":{"object":{"amount_paid":4200}}}'.
${CLIENT_HELP}`

const Options = ClientValues.extend({ override: z.string().optional() })

/** `switchyard trigger <provider> <type>`. */
export async function triggerCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseCommand(
    argv,
    { ...CLIENT_OPTIONS, override: { type: 'string' } },
    Options,
    TRIGGER_USAGE,
  )
  const [provider, type, ...extra] = positionals
  if (!provider || !type || extra.length)
    throw new UsageError('trigger takes <provider> <type>', TRIGGER_USAGE)
  let data: unknown
  if (values.override !== undefined) {
    try {
      data = JSON.parse(values.override)
    } catch {
      throw new UsageError('--override must be a JSON object', TRIGGER_USAGE)
    }
  }
  const client = gatewayClient(values, io)
  const res = await client.request('/api/events/trigger', {
    method: 'POST',
    body: { provider, type, ...(data !== undefined && { data }) },
  })
  const event = (await res.json()) as Event
  emit(io, values.json, event, () => [
    `Triggered ${provider} ${type} → ${event.id} (signature ${event.signature})`,
  ])
}
