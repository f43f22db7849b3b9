import type { Core } from '../core.js'
import { AppError } from '../errors.js'
import type { DemoSeed } from '../providers-kit/kit/provider-kit.js'
import { PROVIDER_KITS } from '../providers-kit/registry.js'
import { tokenStyleOf } from '../simulator/token-styles.js'

/** Tenants of the demo: the usual fictional companies. */
export const DEMO_TENANTS = [
  'acme',
  'globex',
  'initech',
  'umbrella',
  'hooli',
  'soylent',
  'stark',
  'wayne',
] as const

/** Providers of the demo that only send webhooks (no simulated API), with their sample types. */
const WEBHOOK_ONLY: Record<string, readonly string[]> = {
  stripe: [
    'invoice.paid',
    'customer.created',
    'charge.succeeded',
    'payment_intent.succeeded',
    'charge.refunded',
  ],
  shopify: ['orders/create', 'orders/paid', 'products/update', 'customers/create'],
}

type KitId = (typeof PROVIDER_KITS)[number]['id']
const SEEDED = PROVIDER_KITS.map((kit) => ({ id: kit.id as KitId, seed: kit.seed as DemoSeed }))
/** The kits whose accounts take a share of the demo's tenants (the others get one connection each). */
const ROTATING = SEEDED.filter((kit) => !kit.seed.own)

/**
 * Providers of the demo's tenants with the webhook types their samples are sent as: a simulated
 * provider and a webhook-only one in turn, so the tenants' statuses spread over both.
 */
export const DEMO_PROVIDERS: Record<string, readonly string[]> = Object.fromEntries(
  Array.from({ length: Math.max(ROTATING.length, Object.keys(WEBHOOK_ONLY).length) }, (_, i) => {
    const kit = ROTATING[i]
    const other = Object.entries(WEBHOOK_ONLY)[i]
    return [...(kit ? [[kit.id, kit.seed.webhookTypes ?? []] as const] : []), ...(other ? [other] : [])]
  }).flat(),
)

export type DemoSummary = {
  provider_configs: number
  connections: Record<'active' | 'needs_reauth' | 'revoked', number>
  installations: Record<'active' | 'revoked', number>
  events: number
} & {
  /** Requests run against each provider kit's simulated accounts (the kit's seed says what they make). */
  [K in KitId as `simulated_${K}_requests`]: number
}

/** The summary line of each kit's seed, for the CLI. */
export const SEED_LINES = SEEDED.map(({ id, seed }) => ({
  key: `simulated_${id}_requests` as const,
  label: seed.label,
  made: seed.made,
}))

/** A simulated connection with tokens the simulator issued (in its ledger, so the simulated API accepts them). */
function simulatedConnection(
  core: Core,
  workspaceId: string,
  c: { provider: string; configId: string; tenant: string; scopes: readonly string[]; session: string },
) {
  const style = tokenStyleOf(c.provider)
  const tokens = { access_token: style.access(), refresh_token: style.refresh(), token_type: 'bearer' }
  core.simulation.ledger.issued({
    workspaceId,
    provider: c.provider,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresIn: style.expiresIn,
  })
  return core.connections.create(workspaceId, {
    provider: c.provider,
    provider_config_id: c.configId,
    tenant_id: c.tenant,
    mode: 'simulated',
    params: {},
    requested_scopes: [...c.scopes],
    tokens,
    session_id: c.session,
  })
}

/** A small seeded generator (mulberry32): the same demo each run, yet varied within it. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Fills a workspace with demo data through the core services: a provider config per demo provider
 * (reused when one exists), simulated connections in every status, installations, and `events`
 * sample webhooks sent through the same ingest path as real ones. Running it again adds more.
 */
export async function seedDemo(
  core: Core,
  workspaceId: string,
  options: { events: number },
): Promise<DemoSummary> {
  const next = random(0x5eed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const summary: DemoSummary = {
    provider_configs: 0,
    connections: { active: 0, needs_reauth: 0, revoked: 0 },
    installations: { active: 0, revoked: 0 },
    events: 0,
    ...(Object.fromEntries(SEED_LINES.map((line) => [line.key, 0])) as Record<
      `simulated_${KitId}_requests`,
      number
    >),
  }
  const providers = Object.keys(DEMO_PROVIDERS)
  const configs = new Map<string, string>()
  for (const provider of providers) {
    let config = core.providerConfigs.resolve(workspaceId, provider)
    if (!config) {
      config = core.providerConfigs.create(workspaceId, {
        provider,
        name: `Demo ${provider}`,
        webhook_secret: `demo-${provider}-webhook-secret`,
      })
      summary.provider_configs++
    }
    configs.set(provider, config.id)
  }

  const fill = (id: KitId, seed: DemoSeed, connectionId: string, tenant: string) => {
    const run = (requests: Parameters<typeof core.simulation.seed>[2]) =>
      core.simulation.seed(workspaceId, connectionId, requests)
    summary[`simulated_${id}_requests`] += seed.fill(run, tenant)
  }

  for (const [i, tenant] of DEMO_TENANTS.entries()) {
    const provider = providers[i % providers.length]!
    const kit = ROTATING.find((k) => k.id === provider)
    const connection = simulatedConnection(core, workspaceId, {
      provider,
      configId: configs.get(provider)!,
      tenant,
      scopes: kit?.seed.scopes ?? [],
      session: `demo_${tenant}`,
    })
    if (kit && core.simulation.simulationOf(provider)) fill(kit.id, kit.seed, connection.id, tenant)
    // Every third tenant's refresh fails (needs_reauth); every fourth one is revoked.
    if (i % 4 === 3) {
      core.connections.revoke(workspaceId, connection.id)
      summary.connections.revoked++
    } else if (i % 3 === 2) {
      const after = await core.connections
        .refresh(workspaceId, connection.id, { origin: 'http://127.0.0.1:4747', simulate: 'error' })
        .catch((err: unknown) => {
          if (err instanceof AppError) return core.connections.get(workspaceId, connection.id)
          throw err
        })
      summary.connections[after.status]++
    } else summary.connections.active++

    const installation = core.installations.create(workspaceId, {
      provider: pick(['shopify', 'github'] as const),
      provider_config_id: null,
      tenant_id: tenant,
      mode: 'simulated',
      external_id: String(10_000 + Math.floor(next() * 90_000)),
      session_id: `demo_${tenant}`,
    })
    if (i === DEMO_TENANTS.length - 1) {
      core.installations.revoke(workspaceId, installation.id)
      summary.installations.revoked++
    } else summary.installations.active++
  }

  for (const { id, seed } of SEEDED) {
    if (!seed.own) continue
    let config = core.providerConfigs.resolve(workspaceId, id)
    if (!config) {
      config = core.providerConfigs.create(workspaceId, {
        provider: id,
        name: `Demo ${id}`,
        webhook_secret: `demo-${id}-webhook-secret`,
      })
      summary.provider_configs++
    }
    const { tenant } = seed.own
    const connection = simulatedConnection(core, workspaceId, {
      provider: id,
      configId: config.id,
      tenant,
      scopes: seed.scopes,
      session: `demo_${tenant}_${id}`,
    })
    summary.connections.active++
    fill(id, seed, connection.id, tenant)
  }

  for (let n = 0; n < options.events; n++) {
    const provider = pick(providers)
    await core.triggers.trigger(workspaceId, {
      provider,
      type: pick(DEMO_PROVIDERS[provider]!),
      data: { demo: { tenant: pick(DEMO_TENANTS), sequence: n } },
    })
    summary.events++
  }
  return summary
}
