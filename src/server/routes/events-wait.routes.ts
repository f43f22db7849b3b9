import { type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { AppError } from '../../core/errors.js'
import { MAX_WAIT_MS, WAIT_LIMITS } from '../../core/events/event-wait.js'
import { EventSchema } from '../../core/events/events.schema.js'
import { SearchRequestSchema } from '../../core/search/search.schema.js'
import type { AppEnv } from '../env.js'
import { json, keyRoute, ProblemSchema } from '../openapi.js'

const WaitRequestSchema = z
  .object({
    filter: SearchRequestSchema.shape.filter,
    timeout_ms: z
      .number()
      .int()
      .min(0)
      .max(MAX_WAIT_MS)
      .openapi({
        description: `How long to wait, in milliseconds (at most ${MAX_WAIT_MS}); required, so every wait states its deadline.`,
      }),
    after: z.string().min(1).max(200).optional().openapi({
      description:
        'An event id (from a search, a previous wait, or the `id:` of the live stream, which is its cursor): only events committed after it count, so nothing between two waits is missed. Default: events committed after this request arrives.',
    }),
  })
  .strict()
  .openapi('WaitForEventRequest')

/** POST /api/events/wait: long-polls for the first matching event, for test suites in any language. */
export function registerEventWaitRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const route = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/events/wait',
    tags: ['Events'],
    summary: 'Wait for the first event that matches a filter',
    description: `Answers as soon as a matching event is committed (a captured webhook, a connection change, …), or 408 \`wait_timeout\` at the deadline. \`filter\` is the filter of POST /api/events/search (same fields, operators and 400s). Lets a test assert "my app sent the webhook" without polling. At most ${WAIT_LIMITS.perWorkspace} waits are open at once per workspace (${WAIT_LIMITS.total} in all); one more is a 429 \`rate_limited\` with \`Retry-After\`.`,
    operationId: 'waitForEvent',
    request: { body: { content: { 'application/json': { schema: WaitRequestSchema } }, required: true } },
    responses: {
      200: json(EventSchema, 'The first matching event.'),
      408: {
        description: 'No matching event before `timeout_ms` (`wait_timeout`).',
        content: { 'application/problem+json': { schema: ProblemSchema } },
      },
    },
  })
  app.openapi(route, async (c) => {
    const body = c.req.valid('json')
    const event = await core.eventWaits.wait(c.get('principal').workspaceId, {
      filter: body.filter,
      timeoutMs: body.timeout_ms,
      after: body.after,
      signal: c.req.raw.signal,
    })
    if (!event) throw new AppError('wait_timeout', `No matching event within ${body.timeout_ms} ms.`)
    return c.json(event, 200)
  })
}
