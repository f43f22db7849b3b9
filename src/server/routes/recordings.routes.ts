import { type OpenAPIHono, z } from '@hono/zod-openapi'
import { CassetteSchema, cassetteText } from '../../core/cassettes/cassette.js'
import type { Core } from '../../core/core.js'
import { RecordingSchema, RecordingSummarySchema } from '../../core/recordings/recordings.schema.js'
import { recordingsSearchable } from '../../core/recordings/recordings.searchable.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Recordings'

/** The import route's body limit: cassettes carry whole bodies (the rest of /api takes 1 MiB). */
export const CASSETTE_IMPORT_PATH = '/api/recordings/import'
export const CASSETTE_BODY_LIMIT = 100 * 1024 * 1024

const MATCHING =
  'Replay matches a request to a recording of the same provider by method, path and query parameters (compared decoded and in any order; repeated parameters count); when several match, the one whose request body is byte-identical wins, then the newest.'

/** Recordings of proxied exchanges: search, get, delete, and cassette export / import. */
export function registerRecordingRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { recordings, cassettes, search } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId
  // Search pages declare their items partial (`fields`); the SDK types whole items by this one.
  // A clone: the registry calls `.openapi()`, which core's schemas lack when core loaded first.
  app.openAPIRegistry.register('RecordingSummary', RecordingSummarySchema.clone())

  registerSearchRoute(app, core, {
    path: '/api/recordings/search',
    tag: TAG,
    item: RecordingSummarySchema,
    envelopeName: 'RecordingPage',
    summary: 'Search recordings',
    operationId: 'searchRecordings',
    run: (workspaceId, request) => search.searchForRequest(recordingsSearchable, workspaceId, request),
  })

  const exportRoute = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/recordings/export',
    tags: [TAG],
    summary: 'Export recordings as a cassette',
    description: `The workspace's recordings (of one provider, or all) as a cassette file, with the mock routes of the same provider(s) in \`mock_routes\` (omitted when there are none): stable, diff-friendly JSON with sorted keys, one exchange per entry, bodies as text when UTF-8 else base64, and a \`version\`. Commit it to a repository and load it with POST /api/recordings/import or \`switchyard recordings import FILE\`. ${MATCHING}`,
    operationId: 'exportRecordings',
    request: {
      query: z.object({
        provider: z.string().min(1).max(63).optional().openapi({ description: 'Only this provider.' }),
      }),
    },
    responses: { 200: json(CassetteSchema, 'The cassette.') },
  })
  app.openapi(exportRoute, (c) => {
    const cassette = cassettes.exportCassette(ws(c), c.req.valid('query').provider)
    return c.body(cassetteText(cassette), 200, { 'content-type': 'application/json' }) as never
  })

  const importRoute = keyRoute(core, 'secret', [], {
    method: 'post',
    path: CASSETTE_IMPORT_PATH,
    tags: [TAG],
    summary: 'Import a cassette',
    description: `Loads a cassette (up to ${CASSETTE_BODY_LIMIT / 1024 / 1024} MiB) in one transaction. Idempotent: an exchange already stored (same request and response) is skipped, and a mock route with an id already stored is replaced. An invalid cassette changes nothing.`,
    operationId: 'importRecordings',
    request: { body: { content: { 'application/json': { schema: CassetteSchema } }, required: true } },
    responses: {
      200: json(
        z
          .object({
            imported: z.number().int(),
            skipped: z.number().int(),
            mock_routes: z.number().int().optional().openapi({
              description: 'Mock routes written (new or replaced by id), when the cassette carries any.',
            }),
          })
          .openapi('CassetteImportResult'),
        'How many exchanges were added, and how many were already there.',
      ),
      ...errors(413, 415),
    },
  })
  app.openapi(importRoute, (c) => c.json(cassettes.importCassette(ws(c), c.req.valid('json')), 200))

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/recordings/{id}',
    tags: [TAG],
    summary: 'Get a recording',
    description: `One recorded exchange with its request and response, bodies included (credentials were redacted before it was stored). ${MATCHING}`,
    operationId: 'getRecording',
    request: { params: IdParamSchema },
    responses: { 200: json(RecordingSchema, 'The recording.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(recordings.get(ws(c), c.req.valid('param').id), 200))

  const remove = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/recordings/{id}',
    tags: [TAG],
    summary: 'Delete a recording',
    description: 'Deletes it for good; replay no longer answers with it.',
    operationId: 'deleteRecording',
    request: { params: IdParamSchema },
    responses: { 204: { description: 'Deleted.' }, ...errors(404) },
  })
  app.openapi(remove, (c) => {
    recordings.remove(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
