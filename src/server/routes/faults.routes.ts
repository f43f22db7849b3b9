import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import {
  FaultInputSchema,
  FaultListSchema,
  FaultSchema,
  MAX_FAULTS_PER_CONNECTION,
} from '../../core/providers-kit/engine/faults.schema.js'
import { SimulationViewSchema } from '../../core/providers-kit/engine/simulation-view.schema.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute } from '../openapi.js'

const TAG = 'Simulation'

const SIMULATED_ONLY =
  'Simulated connections only: a real connection is a 409 `conflict` (its answers come from the provider).'

/** A simulated connection's account as the dashboard shows it, and fault injection: add, list, clear. */
export function registerFaultRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { faults } = core.simulation
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  const view = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/connections/{id}/simulation',
    tags: [TAG],
    summary: 'Get the simulated account',
    description: `What the connection detail view shows of a simulated connection: the account's data as titled tables (GitHub: repositories, recent issues), example calls that work against it through \`/proxy/{id}\`, and its faults. A provider without a built-in simulation (its calls are answered by mock routes or recordings, which keep no account) has no \`sections\` and no \`example_calls\`. Reading changes nothing. ${SIMULATED_ONLY}`,
    operationId: 'getSimulation',
    request: { params: IdParamSchema },
    responses: { 200: json(SimulationViewSchema, 'The simulated account.'), ...errors(404, 409) },
  })
  app.openapi(view, (c) => c.json(core.simulation.view(ws(c), c.req.valid('param').id), 200))

  const add = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/connections/{id}/faults',
    tags: [TAG],
    summary: 'Inject a fault',
    description: `Makes the simulated provider misbehave for this connection, as the real one can. \`expire_token\` ends the current access token now (the proxy's refresh gets a working one); \`revoke_access\` ends the access and refresh tokens (the next call gets the provider's 401, the refresh fails and the connection becomes \`needs_reauth\`); \`rate_limit\`, \`server_error\` and \`latency\` apply to the next \`count\` calls the built-in simulation answers (GitHub: 403 with \`x-ratelimit-*\` and \`retry-after\`; the chosen 5xx; a delay of \`ms\`, at most 30 s). A connection keeps at most ${MAX_FAULTS_PER_CONNECTION} faults: used-up ones make room, and a ${MAX_FAULTS_PER_CONNECTION + 1}st while all are pending is a 409 \`conflict\`. Emits \`connection.fault_injected\`. ${SIMULATED_ONLY}`,
    operationId: 'addFault',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: FaultInputSchema } }, required: true },
    },
    responses: { 201: json(FaultSchema, 'The fault, as stored.'), ...errors(404, 409, 413, 415) },
  })
  app.openapi(add, (c) => c.json(faults.add(ws(c), c.req.valid('param').id, c.req.valid('json')), 201))

  const list = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/connections/{id}/faults',
    tags: [TAG],
    summary: 'List faults',
    description: `The faults injected since the last clear, oldest first, with the calls each still affects (\`remaining\`). ${SIMULATED_ONLY}`,
    operationId: 'listFaults',
    request: { params: IdParamSchema },
    responses: { 200: json(FaultListSchema, 'The faults.'), ...errors(404, 409) },
  })
  app.openapi(list, (c) => c.json({ data: faults.list(ws(c), c.req.valid('param').id) }, 200))

  const clear = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/connections/{id}/faults',
    tags: [TAG],
    summary: 'Clear faults',
    description: `Removes every pending fault; emits \`connection.fault_cleared\`. Tokens an \`expire_token\` or \`revoke_access\` already ended stay ended (a refresh or a new connect repairs them). ${SIMULATED_ONLY}`,
    operationId: 'clearFaults',
    request: { params: IdParamSchema },
    responses: { 204: { description: 'Cleared.' }, ...errors(404, 409) },
  })
  app.openapi(clear, (c) => {
    faults.clear(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
