import { AppError } from '../errors.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { Simulator } from '../simulator/simulator.service.js'
import { realServer, simulatorClientId, simulatorServer } from './endpoints.js'
import type { OAuthClient } from './oauth-client.js'

/** Everything that decides which OAuth client a flow or a refresh uses. */
export interface FlowTarget {
  workspaceId: string
  mode: 'real' | 'simulated'
  provider: string
  providerConfigId: string | null
  params: Record<string, string>
  /** The gateway's own origin (the simulator's endpoints live there). */
  origin: string
}

/**
 * Builds the OAuth client for a flow: the provider with the config's credentials (real), or the
 * simulator as a public client whose token endpoint is called in-process (simulated). Both go
 * through the same oauth4webapi code.
 */
export function createFlowClients(deps: {
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  simulator: Simulator
}) {
  const { providers, providerConfigs, simulator } = deps
  return {
    clientFor(target: FlowTarget): OAuthClient {
      if (target.mode === 'simulated') {
        return {
          server: simulatorServer(
            target.origin,
            target.provider,
            providers.find(target.workspaceId, target.provider),
          ),
          clientId: simulatorClientId(target.workspaceId),
          fetch: (url, init) => simulator.token(new Request(url, init)),
        }
      }
      const provider = providers.find(target.workspaceId, target.provider)
      if (provider?.auth.type !== 'oauth2') {
        throw new AppError(
          'conflict',
          `Provider '${target.provider}' no longer offers OAuth 2.0 in this workspace.`,
        )
      }
      let credentials: ReturnType<ProviderConfigsService['clientCredentials']>
      let config: ReturnType<ProviderConfigsService['get']> | undefined
      try {
        config = target.providerConfigId
          ? providerConfigs.get(target.workspaceId, target.providerConfigId)
          : undefined
        credentials = config && providerConfigs.clientCredentials(target.workspaceId, config.id)
      } catch {
        credentials = undefined
      }
      if (!credentials) {
        throw new AppError(
          'conflict',
          `Provider config '${target.providerConfigId}' is gone or no longer has client credentials.`,
        )
      }
      return {
        server: realServer(provider, target.params, config),
        clientId: credentials.client_id,
        clientSecret: credentials.client_secret,
      }
    },
  }
}
export type FlowClients = ReturnType<typeof createFlowClients>
