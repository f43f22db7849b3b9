import type { Clock } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { AppError } from '../errors.js'
import type { Event } from '../events/events.schema.js'
import type { CompiledApi } from '../openapi-sim/compile-api.js'
import { seededRandom } from '../openapi-sim/generate-value.js'
import { webhookSample, webhooksOf } from '../openapi-sim/webhooks.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { Provider } from '../providers/providers.schema.js'
import type { ProvidersService } from '../providers/providers.service.js'
import { signatureHeaders } from '../webhooks/signatures.js'
import type { WebhooksService } from '../webhooks/webhooks.service.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'
import { DEFAULT_WORKSPACE } from '../workspaces/workspaces.service.js'
import { knownTypesOf, sampleFor } from './samples/index.js'
import { KNOWN_TYPES, TAKES_ACTIONS, typeAccepted } from './samples/known-types.js'
import type { Sample } from './samples/sample.js'
import type { Trigger, TriggerTypes } from './triggers.schema.js'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Objects merge key by key; anything else in `over` replaces. Own keys only (no prototype writes). */
export function deepMerge(base: Json, over: Json): Json {
  const keys = new Set([...Object.keys(base), ...Object.keys(over)])
  return Object.fromEntries(
    [...keys].map((key) => {
      const a = base[key]
      const b = Object.hasOwn(over, key) ? over[key] : a
      return [key, isObject(a) && isObject(b) ? deepMerge(a, b) : b]
    }),
  )
}

/**
 * Builds a realistic sample webhook for a provider and event type, signs it with the provider
 * config's secret (and scheme), and sends it through the very ingest path real webhooks take.
 */
export function createTriggersService(deps: {
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  webhooks: WebhooksService
  workspaces: WorkspacesService
  clock: Clock
  ids: Ids
  /** The providers' OpenAPI documents, whose `webhooks` are triggered by name. */
  openapi?: { load(workspaceId: string, provider: string): CompiledApi | undefined }
}) {
  const { providers, providerConfigs, webhooks, workspaces, clock, ids } = deps
  /** The provider's OpenAPI document's webhooks, when it has a document. */
  const documentWebhooks = (workspaceId: string, provider: string) => {
    const api = deps.openapi?.load(workspaceId, provider)
    return api ? { api, webhooks: webhooksOf(api) } : undefined
  }
  /** A sample of the document's webhook of that name, from its example or its schema. */
  const documentSample = (
    found: ReturnType<typeof documentWebhooks>,
    type: string,
    nowMs: number,
  ): Sample | undefined => {
    const webhook = found?.webhooks.find((w) => w.name === type)
    if (!found || !webhook) return undefined
    const now = new Date(nowMs).toISOString()
    return webhookSample(found.api, webhook, {
      doc: found.api.doc,
      random: seededRandom(`${type} ${nowMs}`),
      now,
    })
  }
  const providerOf = (workspaceId: string, id: string, pointer: string) => {
    const provider = providers.find(workspaceId, id)
    if (provider) return provider
    throw new AppError('invalid_request', `Unknown provider '${id}'.`, {
      errors: [{ pointer, detail: 'no catalog or custom provider has this id' }],
    })
  }
  async function send(
    workspaceId: string,
    provider: Provider,
    sample: Sample,
    options: { host: string; triggered: boolean; nowMs: number; attribution?: Record<string, string> },
  ): Promise<Event> {
    const { nowMs } = options
    const providerScheme = provider.webhooks?.signature ?? null
    const signing = providerConfigs.webhookSecrets(workspaceId, provider.id)[0]
    const body = Buffer.from(JSON.stringify(sample.body))
    const scheme = signing?.scheme ?? providerScheme
    const workspace = workspaces.getById(workspaceId).name
    const path = `/webhooks/${provider.id}`
    // Attribution rides in the capture URL's query, as a real sender's configured URL would carry it.
    const query = new URLSearchParams({
      ...(workspace !== DEFAULT_WORKSPACE && { workspace }),
      ...options.attribution,
    }).toString()
    // The capture URL as the request's Host shows it: what a URI-signing scheme (HubSpot v3) signs.
    const url = `http://${options.host}${path}${query ? `?${query}` : ''}`
    const signed =
      signing && scheme
        ? signatureHeaders(scheme, signing.secret, body, nowMs, ids.next('msg'), { method: 'POST', url })
        : {}
    const headers: Array<[string, string]> = [
      ['Host', options.host],
      ['Content-Type', sample.contentType ?? 'application/json'],
      ['Content-Length', String(body.length)],
      ...Object.entries(sample.headers),
      ...Object.entries(signed),
    ]
    const { event } = await webhooks.ingest({
      workspaceId,
      provider: provider.id,
      method: 'POST',
      path,
      query,
      headers,
      body,
      ...(options.triggered && { triggered: true }),
    })
    return event
  }
  return {
    /**
     * The event types triggers know, per sample set; for one provider, its list (`types: null` when
     * it takes any type, with a generic payload).
     */
    types(workspaceId: string, providerId?: string): TriggerTypes {
      if (providerId) {
        const provider = providerOf(workspaceId, providerId, 'query:/provider')
        const known = knownTypesOf(provider.id, provider.webhooks?.signature ?? null)
        const fromDocument = documentWebhooks(workspaceId, provider.id)?.webhooks.map((w) => w.name) ?? []
        const types =
          known || fromDocument.length > 0 ? [...new Set([...fromDocument, ...(known?.types ?? [])])] : null
        return {
          data: [
            {
              provider: provider.id,
              signature: null,
              types,
              actions: !!known && TAKES_ACTIONS.has(known.key),
            },
          ],
        }
      }
      return {
        data: Object.entries(KNOWN_TYPES).map(([key, types]) => ({
          provider: key === 'standard_webhooks' ? null : key,
          signature: key === 'standard_webhooks' ? ('standard_webhooks' as const) : null,
          types: [...types],
          actions: TAKES_ACTIONS.has(key),
        })),
      }
    },

    /** `host` is the gateway's own Host, so the sample looks like it arrived at this gateway. */
    async trigger(workspaceId: string, input: Trigger, host = '127.0.0.1'): Promise<Event> {
      const provider = providerOf(workspaceId, input.provider, '/provider')
      const nowMs = clock.now()
      const providerScheme = provider.webhooks?.signature ?? null
      const known = knownTypesOf(provider.id, providerScheme)
      const found = documentWebhooks(workspaceId, provider.id)
      const fromDocument = documentSample(found, input.type, nowMs)
      // The document's webhooks, when it declares some, are known types too (and then the only
      // ones of a provider whose samples take any type).
      const documentTypes = found?.webhooks.map((w) => w.name) ?? []
      const accepted = known
        ? typeAccepted(known.types, TAKES_ACTIONS.has(known.key), input.type)
        : documentTypes.length === 0
      if (!fromDocument && !accepted) {
        throw new AppError(
          'invalid_request',
          `'${input.type}' is not an event type Switchyard has a ${provider.id} sample for.`,
          {
            errors: [
              {
                pointer: '/type',
                detail: `one of: ${[...documentTypes, ...(known?.types ?? [])].join(', ')}`,
              },
            ],
          },
        )
      }
      const sample = fromDocument ?? sampleFor(provider.id, providerScheme)({ type: input.type, nowMs })
      const data = input.data
      // A batch (HubSpot posts an array of events) gets the override merged into each event.
      const body = !data
        ? sample.body
        : Array.isArray(sample.body)
          ? sample.body.map((event) => deepMerge(event, data))
          : deepMerge(sample.body, data)
      return send(workspaceId, provider, { ...sample, body }, { host, triggered: true, nowMs })
    },

    /**
     * Signs a provider's webhook with the workspace's provider config secret and sends it through
     * the capture path real deliveries take. The simulated providers' webhooks go out here too, as
     * posted to the gateway's own `host`, attributed to the simulated connection and tenant.
     */
    deliver(
      workspaceId: string,
      providerId: string,
      sample: Sample,
      host = '127.0.0.1',
      attribution?: { connection_id: string; tenant_id: string },
    ): Promise<Event> {
      const provider = providerOf(workspaceId, providerId, '/provider')
      return send(workspaceId, provider, sample, {
        host,
        triggered: false,
        nowMs: clock.now(),
        ...(attribution && { attribution }),
      })
    },
  }
}
export type TriggersService = ReturnType<typeof createTriggersService>
