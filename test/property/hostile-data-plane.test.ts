import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorClientId } from '../../src/core/oauth/endpoints.js'
import { tokenStyleOf } from '../../src/core/simulator/token-styles.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * Hostile input on the data-plane routes (sessions, waits, credentials, faults, mock-route bodies,
 * the simulator's token endpoint, HubSpot search): whatever arrives, the answer is never a 5xx.
 */
let t: TestApp
let github: string
let hubspot: string
let stripe: string
const RUNS = 300

beforeAll(async () => {
  t = await createTestApp()
  github = (await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })).params.get('connection_id')!
  hubspot = (await simulatedFlow(t, { provider: 'hubspot', tenant_id: 'acme' })).params.get('connection_id')!
  stripe = (await simulatedFlow(t, { provider: 'stripe', tenant_id: 'acme' })).params.get('connection_id')!
  t.core.providerConfigs.create(t.workspaceId, {
    provider: 'mattermost',
    client_id: 'id',
    client_secret: 's',
  })
  for (const [path, body] of [
    ['/v1/json', '{"echo":{{json body}},"a":"{{body.a.b.0}}"}'],
    ['/v1/form', 'x={{body.a.b}} {{json body.a}}'],
  ]) {
    const res = await t.req('POST', '/api/mock-routes', {
      key: t.secretKey,
      body: { provider: 'stripe', method: 'POST', path, body },
    })
    expect(res.status).toBe(201)
  }
})
afterAll(() => t.close())

const json = fc.jsonValue({ maxDepth: 6 })
const text = fc.string({ maxLength: 200 })
const formText = fc
  .array(fc.tuple(fc.stringMatching(/^[a-z[\]_%0-9]{0,24}$/), fc.string({ maxLength: 10 })), {
    maxLength: 40,
  })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'))
const deepJson = fc.integer({ min: 1, max: 10_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`)

/** Sends and checks: any status but a 5xx. */
async function notServerError(res: Response) {
  expect(res.status, await res.clone().text()).toBeLessThan(500)
}

describe('no 5xx on hostile input', () => {
  it('POST /auth-sessions with any params, with either key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(text, json), { maxKeys: 4 }),
        fc.constantFrom('mattermost', 'shopify', 'github', 'nope'),
        fc.boolean(),
        async (params, provider, secret) => {
          await notServerError(
            await t.req('POST', '/auth-sessions', {
              key: secret ? t.secretKey : t.publishableKey,
              body: { provider, tenant_id: 'acme', params },
            }),
          )
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('POST /api/events/wait with any body', async () => {
    const body = fc.oneof(
      json,
      fc.record(
        { filter: json, timeout_ms: fc.constantFrom(0, -1, 1.5, 'x'), after: fc.oneof(text, json) },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        await notServerError(await t.req('POST', '/api/events/wait', { key: t.secretKey, body: b }))
      }),
      { numRuns: RUNS },
    )
  })

  it('GET credentials and POST faults with any id, query and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(github, 'conn_nope', '%2e%2e', 'x'.repeat(300)),
        fc.string({ maxLength: 30 }),
        json,
        async (id, query, body) => {
          const q = encodeURIComponent(query)
          await notServerError(
            await t.req('GET', `/api/connections/${id}/credentials?force_refresh=${q}`, { key: t.secretKey }),
          )
          await notServerError(
            await t.req('POST', `/api/connections/${id}/faults`, { key: t.secretKey, body }),
          )
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('mock-route templates reading any form or JSON body, however deep', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          formText,
          deepJson,
          json.map((v) => JSON.stringify(v)),
          text,
        ),
        async (raw) => {
          for (const [path, type] of [
            ['/v1/form', 'application/x-www-form-urlencoded'],
            ['/v1/json', 'application/json'],
          ] as const) {
            await notServerError(
              await t.req('POST', `/proxy/${stripe}${path}`, {
                key: t.secretKey,
                raw,
                headers: { 'content-type': type },
              }),
            )
          }
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('the simulator token endpoint with any form', async () => {
    const field = fc.oneof(
      text,
      fc.constantFrom('switchyard-simulator.ws_nope', simulatorClientId(t.workspaceId)),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            grant_type: fc.constantFrom('refresh_token', 'authorization_code', 'x'),
            client_id: field,
            refresh_token: fc.oneof(
              text,
              fc.constant(null).map(() => tokenStyleOf('github').refresh()),
            ),
            code: text,
          },
          { requiredKeys: [] },
        ),
        async (form) => {
          await notServerError(
            await t.req('POST', '/simulator/github/token', {
              raw: new URLSearchParams(form as Record<string, string>).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
          )
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('HubSpot search with any CONTAINS_TOKEN value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a*@.\\()[\]+?]{0,60}$/), async (value) => {
        await notServerError(
          await t.req('POST', `/proxy/${hubspot}/crm/v3/objects/contacts/search`, {
            key: t.secretKey,
            body: {
              filterGroups: [{ filters: [{ propertyName: 'email', operator: 'CONTAINS_TOKEN', value }] }],
            },
          }),
        )
      }),
      { numRuns: RUNS },
    )
  })
})
