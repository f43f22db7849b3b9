import type { Core } from '../core.js'
import { AppError } from '../errors.js'
import { tokenStyleOf } from '../simulator/token-styles.js'
import { demoGithubRequests } from './demo-github.js'
import { seedDemoHubspot } from './demo-hubspot.js'
import { demoSlackRequests } from './demo-slack.js'

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

/** Providers of the demo with the webhook types their samples are sent as. */
export const DEMO_PROVIDERS: Record<string, readonly string[]> = {
  github: ['push', 'pull_request', 'issues', 'workflow_run', 'release'],
  stripe: [
    'invoice.paid',
    'customer.created',
    'charge.succeeded',
    'payment_intent.succeeded',
    'charge.refunded',
  ],
  slack: ['message', 'app_mention', 'reaction_added', 'channel_created'],
  shopify: ['orders/create', 'orders/paid', 'products/update', 'customers/create'],
}

/** Scopes the demo's connections were granted (the simulated APIs enforce them). */
const DEMO_SCOPES: Record<string, string[]> = {
  github: ['repo', 'read:user', 'user:email'],
  slack: [
    'channels:read',
    'channels:manage',
    'channels:history',
    'groups:read',
    'groups:history',
    'chat:write',
    'users:read',
  ],
}

export interface DemoSummary {
  provider_configs: number
  connections: Record<'active' | 'needs_reauth' | 'revoked', number>
  /** Requests run against simulated GitHub accounts (repositories, issues, comments). */
  simulated_github_requests: number
  /** Requests run against simulated Slack workspaces (channels, messages). */
  simulated_slack_requests: number
  /** Requests run against the demo's simulated HubSpot account (companies, contacts, associations). */
  simulated_hubspot_requests: number
  installations: Record<'active' | 'revoked', number>
  events: number
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
    simulated_github_requests: 0,
    simulated_slack_requests: 0,
    simulated_hubspot_requests: 0,
    installations: { active: 0, revoked: 0 },
    events: 0,
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

  for (const [i, tenant] of DEMO_TENANTS.entries()) {
    const provider = providers[i % providers.length]!
    // Tokens the simulator issues (recorded in its ledger), so the simulated API accepts them.
    const style = tokenStyleOf(provider)
    const tokens = { access_token: style.access(), refresh_token: style.refresh(), token_type: 'bearer' }
    core.simulation.ledger.issued({
      workspaceId,
      provider,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresIn: style.expiresIn,
    })
    const connection = core.connections.create(workspaceId, {
      provider,
      provider_config_id: configs.get(provider)!,
      tenant_id: tenant,
      mode: 'simulated',
      params: {},
      requested_scopes: DEMO_SCOPES[provider] ?? [],
      tokens,
      session_id: `demo_${tenant}`,
    })
    if (core.simulation.simulationOf(provider) && provider === 'github') {
      const done = core.simulation.seed(workspaceId, connection.id, demoGithubRequests(tenant))
      summary.simulated_github_requests += done.length
    }
    if (core.simulation.simulationOf(provider) && provider === 'slack') {
      const done = core.simulation.seed(workspaceId, connection.id, demoSlackRequests())
      summary.simulated_slack_requests += done.length
    }
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

  const hubspot = seedDemoHubspot(core, workspaceId)
  summary.provider_configs += hubspot.configCreated ? 1 : 0
  summary.connections.active++
  summary.simulated_hubspot_requests = hubspot.requests

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
