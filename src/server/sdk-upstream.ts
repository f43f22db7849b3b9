import type { OpenUpstream, UpstreamItem } from '../core/sync/upstream.js'
import { Switchyard, type SwitchyardOptions } from '../sdk/index.js'

const OPERATIONS = {
  providers: 'searchProviders',
  provider_configs: 'searchProviderConfigs',
  installations: 'searchInstallations',
  connections: 'searchConnections',
  events: 'searchEvents',
} as const

/**
 * The upstream through the published SDK: its retries, backoff and cursor walk. Core knows only the
 * `OpenUpstream` interface; the compositions (server, CLI, tests) pass this adapter in.
 */
export const openSdkUpstream: OpenUpstream = ({ baseUrl, apiKey, client }) => {
  // `client` holds this SDK's options, as the caller of the pull meant them (UpstreamClientOptions).
  const sdk = new Switchyard({ ...(client as Partial<SwitchyardOptions>), apiKey, baseUrl })
  return {
    async *pages(resource, request) {
      for await (const page of sdk.pages(OPERATIONS[resource], request)) {
        // Items as the upstream sent them; the pull reads only fields every resource has, by name.
        yield { data: page.data as unknown as UpstreamItem[] }
      }
    },
  }
}
