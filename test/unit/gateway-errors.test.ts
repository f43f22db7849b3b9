import { describe, expect, it } from 'vitest'
import type { Connection } from '../../src/core/connections/connections.schema.js'
import { BUILT_IN_SIMULATIONS } from '../../src/core/providers-kit/registry.js'
import { createGatewayErrors, inDialect, type Problem } from '../../src/core/proxy/gateway-errors.js'

const ids = { uuid: () => '00000000-0000-4000-8000-000000000000', hex: (n: number) => '0'.repeat(n * 2) }
const problem = (status: number, code: string, detail = 'The detail.'): Problem => ({
  type: `https://switchyard.dev/problems/${code}`,
  title: 'T',
  status,
  detail,
  code,
})
const dialectOf = (provider: string) => BUILT_IN_SIMULATIONS.find((s) => s.provider === provider)!.errors
const render = (provider: string, p: Problem) => {
  const a = inDialect(dialectOf(provider), p, ids)
  const parsed = JSON.parse(a.body) as Record<string, unknown> | Array<Record<string, unknown>>
  // An array dialect (Salesforce's `[{message, errorCode}]`) carries the problem in its first entry.
  return { ...a, json: Array.isArray(parsed) ? parsed[0]! : parsed }
}

describe('inDialect: one mapping over every kit’s ErrorDialect', () => {
  it('keeps the whole problem in a switchyard member, whatever the dialect', () => {
    for (const sim of BUILT_IN_SIMULATIONS)
      expect(render(sim.provider, problem(401, 'unauthorized')).json.switchyard).toEqual(
        problem(401, 'unauthorized'),
      )
  })

  it('GitHub: {message, documentation_url} at the status; a rate limit names a secondary rate limit', () => {
    expect(render('github', problem(409, 'needs_reauth'))).toMatchObject({
      status: 409,
      headers: [['content-type', 'application/json; charset=utf-8']],
      json: {
        message: 'The detail.',
        documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com/),
      },
    })
    expect(render('github', problem(429, 'rate_limited')).json.message).toMatch(/secondary rate limit/)
  })

  it('Slack: HTTP 200 {ok:false, error} with its own error codes; 429 stays 429', () => {
    expect(render('slack', problem(401, 'unauthorized'))).toMatchObject({
      status: 200,
      json: { ok: false, error: 'invalid_auth' },
    })
    expect(render('slack', problem(409, 'needs_reauth')).json.error).toBe('token_expired')
    expect(render('slack', problem(429, 'rate_limited'))).toMatchObject({
      status: 429,
      json: { error: 'ratelimited' },
    })
  })

  it('HubSpot: {status:"error", message, category, correlationId}', () => {
    expect(render('hubspot', problem(401, 'unauthorized')).json).toMatchObject({
      status: 'error',
      message: 'The detail.',
      category: 'INVALID_AUTHENTICATION',
      correlationId: ids.uuid(),
    })
  })

  it('Stripe and Linear: their own error objects', () => {
    expect(render('stripe', problem(502, 'upstream_error')).json).toMatchObject({
      error: { type: 'api_error', message: 'The detail.' },
    })
    expect(render('linear', problem(429, 'rate_limited')).json).toMatchObject({
      errors: [{ message: 'The detail.', extensions: { type: 'ratelimited', code: 'RATELIMITED' } }],
    })
  })

  it('simulation_unavailable is the provider’s 404 (a 501 is a server failure to SDK retry policies)', () => {
    expect(render('github', problem(501, 'simulation_unavailable')).status).toBe(404)
    expect(render('slack', problem(501, 'simulation_unavailable'))).toMatchObject({
      status: 200,
      json: { error: 'unknown_method' },
    })
  })
})

describe('createGatewayErrors: which dialect a caller gets', () => {
  const OCTOKIT = 'octokit-rest.js/22.0.0 octokit-core.js/7.0.0 Node.js/24'
  const setup = (provider: string) => {
    const lookups: string[] = []
    const errors = createGatewayErrors({
      connection: (workspaceId, id) => {
        lookups.push(`${workspaceId}/${id}`)
        return { id, provider } as Connection
      },
      simulations: BUILT_IN_SIMULATIONS,
      ids,
    })
    return { errors, lookups }
  }

  it('a caller without a workspace is never answered from a look-up: only its User-Agent counts', () => {
    const { errors, lookups } = setup('slack')
    expect(errors.dialectFor({ connectionId: 'conn_1', userAgent: OCTOKIT })).toBe(dialectOf('github'))
    expect(errors.dialectFor({ connectionId: 'conn_1', userAgent: 'curl/8' })).toBeUndefined()
    expect(lookups).toEqual([])
  })

  it('a workspace’s own connection decides, a provider without a kit keeping problem+json', () => {
    expect(
      setup('slack').errors.dialectFor({ workspaceId: 'w', connectionId: 'c', userAgent: OCTOKIT }),
    ).toBe(dialectOf('slack'))
    expect(
      setup('trello').errors.render(problem(401, 'unauthorized'), {
        workspaceId: 'w',
        connectionId: 'c',
        userAgent: OCTOKIT,
      }),
    ).toBeUndefined()
  })
})
