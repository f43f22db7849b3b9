import { z } from 'zod'
import { typeAccepted } from '../../core/triggers/samples/known-types.js'
import type { components } from '../../sdk/api-types.js'
import { parseCommand, UsageError } from '../args.js'
import { emit, type Io } from '../context.js'
import { CLIENT_HELP, CLIENT_OPTIONS, ClientValues, type GatewayClient, gatewayClient, ok } from './events.js'

export const TRIGGER_USAGE = `Usage:
  switchyard trigger <provider> <type> [--override JSON] [--json]
    Sends a realistic sample webhook (github push, stripe invoice.paid, slack message,
    shopify orders/create, …) through the gateway's ingest path, signed with the provider
    config's webhook_secret when there is one. --override is JSON deep-merged over the
    sample (the API's \`data\`), e.g. --override '{"data":{"object":{"amount_paid":4200}}}'.
    A type the provider's samples do not know is refused (exit code 2) with the known ones.
  switchyard trigger --list [provider] [--json]
    Prints the event types the trigger knows (for one provider, or for all).
${CLIENT_HELP}`

const Options = ClientValues.extend({ override: z.string().optional(), list: z.boolean() })

const typesOf = async (client: GatewayClient, provider?: string) =>
  ok(await client.api.GET('/api/events/trigger/types', { params: { query: provider ? { provider } : {} } }))

const line = (entry: components['schemas']['TriggerTypes']['data'][number]) => {
  const who = entry.provider ?? `any ${entry.signature} sender`
  if (!entry.types) return `${who}: any type (a generic JSON event)`
  return `${who}: ${entry.types.join(', ')}${entry.actions ? ' (each may add .action)' : ''}`
}

/** `switchyard trigger <provider> <type>` and `switchyard trigger --list [provider]`. */
export async function triggerCommand(argv: string[], io: Io): Promise<number | undefined> {
  const { values, positionals } = parseCommand(
    argv,
    { ...CLIENT_OPTIONS, override: { type: 'string' }, list: { type: 'boolean', default: false } },
    Options,
    TRIGGER_USAGE,
  )
  const client = gatewayClient(values, io)
  if (values.list) {
    if (positionals.length > 1)
      throw new UsageError('trigger --list takes at most one provider', TRIGGER_USAGE)
    const types = await typesOf(client, positionals[0])
    emit(io, values.json, types, () => types.data.map(line))
    return undefined
  }
  const [provider, type, ...extra] = positionals
  if (!provider || !type || extra.length)
    throw new UsageError('trigger takes <provider> <type>', TRIGGER_USAGE)
  let data: Record<string, unknown> | undefined
  if (values.override !== undefined) {
    try {
      // Not checked here: the gateway answers 400 for anything but an object.
      data = JSON.parse(values.override) as Record<string, unknown>
    } catch {
      throw new UsageError('--override must be a JSON object', TRIGGER_USAGE)
    }
  }
  // Checked first, so a typo is a usage error (exit 2) that lists what the provider knows.
  const known = (await typesOf(client, provider)).data[0]
  if (known?.types && !typeAccepted(known.types, known.actions, type)) {
    io.err(`switchyard trigger: unknown event type '${type}' for ${known.provider}`)
    io.err(`known types: ${known.types.join(', ')}`)
    return 2
  }
  const event = ok(
    await client.api.POST('/api/events/trigger', {
      body: { provider, type, ...(data !== undefined && { data }) },
    }),
  )
  emit(io, values.json, event, () => [
    `Triggered ${provider} ${type} → ${event.id} (signature ${event.signature})`,
  ])
  return undefined
}
