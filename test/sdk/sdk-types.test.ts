import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, generateSdkFiles } from '../../scripts/generate-sdk-types.js'
import { SIGNATURE_SCHEME_IDS } from '../../src/core/providers-kit/registry.js'
import { ENUMS } from '../../src/sdk/api-enums.js'
import { Switchyard } from '../../src/sdk/index.js'

/** The SDK's types come from the server's schemas, and the SDK keeps up with the API. */

/** Operations an SDK user would not call: the live event stream (read it with EventSource or `switchyard events tail`). */
// The proxy's per-method operations are all served by the SDK's proxy(connectionId, path, init).
const NOT_IN_SDK = new Set(['streamEvents', 'proxyGet', 'proxyPost', 'proxyPut', 'proxyPatch', 'proxyDelete'])

describe('one source of truth', () => {
  it('src/sdk/api-types.ts, api-routes.ts and api-enums.ts are what `npm run sdk:types` generates from the app today', async () => {
    const files = await generateSdkFiles()
    for (const [file, fresh] of Object.entries(files)) {
      expect(readFileSync(file, 'utf8') === fresh, `${file} is stale: run npm run sdk:types`).toBe(true)
    }
  })

  it('the SDK has a method, named by operationId, for every operation an API key may call', async () => {
    const doc = await buildOpenApiDocument()
    const missing: string[] = []
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item ?? {}) as Array<{ operationId?: string; security?: object[] }>) {
        const keyed = op?.security?.some((s) => 'secretKey' in s || 'publishableKey' in s)
        if (!op?.operationId || !keyed || NOT_IN_SDK.has(op.operationId)) continue
        if (
          typeof (Switchyard.prototype as unknown as Record<string, unknown>)[op.operationId] !== 'function'
        ) {
          missing.push(op.operationId)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it('the dashboard lists the signature schemes of the provider kits from the generated enum values', () => {
    expect(ENUMS.SignatureScheme).toEqual(SIGNATURE_SCHEME_IDS)
  })
})
