import { createCloudClient } from 'jira.js'
import type { RunningServer } from '../../src/server/index.js'

/**
 * jira.js as an app configures it, with only its `host` pointed at the gateway's proxy and a
 * Switchyard secret key as its bearer token. `onSchemaMismatch: 'throw'` makes every answer pass
 * the SDK's own response schemas (from Atlassian's OpenAPI document), or the call fails.
 */
export const jiraThroughGateway = (server: RunningServer, connectionId: string, key: string) =>
  createCloudClient({
    host: `${server.url}/proxy/${connectionId}`,
    auth: { type: 'bearer', token: key },
    onSchemaMismatch: 'throw',
  })

/** An ADF document of one paragraph. */
export const doc = (text: string) => ({
  type: 'doc' as const,
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
})

/** The SDK's error for a call that must fail. */
export const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (err: unknown) => err as Error & { status: number; body: unknown; retryAfterMs?: number },
  )
