import { acceptsAnyHost } from './middleware/host-check.js'

/*
 * What holds for every operation because of the app-wide middleware rather than the route's own
 * declaration, added to the generated document in one place so no route can forget it:
 * - a route declared without a key requirement is public (only `keyRoute` installs the key check),
 *   so it says so with `security: []`;
 * - any path answers another method with 405 and `Allow`;
 * - outside /webhooks/* and /oauth/callback, a non-loopback Host is refused with 403;
 * - every operation has a description (stating who may call it) and a tag the document describes.
 */

type SecurityRequirement = Record<string, string[]>
interface Operation {
  summary?: string
  description?: string
  tags?: string[]
  security?: SecurityRequirement[]
  responses: Record<string, unknown>
}
interface Document {
  paths?: Record<string, Record<string, unknown> | undefined>
  tags?: Array<{ name: string; description?: string }>
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const

/** The document's tags, in the order a reader meets them. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Meta: 'Liveness, this document and the API reference page.',
  'API keys': "Create, list and revoke the workspace's secret (`sk_…`) and publishable (`pk_…`) keys.",
  Catalog: 'The public provider catalog: browse, search and read providers and categories without a key.',
  Providers: "The catalog plus the workspace's own custom providers, with a secret key.",
  'Provider configs':
    "A workspace's credentials and settings for one provider (client id and secret, webhook secret, proxy mode).",
  Sessions:
    'Auth and install sessions: the start of an OAuth connect or app install flow, and the callback that ends it.',
  Connections: 'Connected accounts: status, token refresh and revocation (tokens never leave the gateway).',
  Installations: 'Installed apps (install flows), their status and revocation.',
  Webhooks: 'Inbound provider webhooks: captured byte for byte, signature-checked, answered.',
  Events:
    "The event log: captured webhooks and the gateway's own events, searchable, streamable, replayable.",
  'Webhook endpoints': "Your app's endpoints, subscribed to the gateway's own events.",
  Proxy:
    "Calls to a connection's provider API with the connection's token: live, recorded, replayed or simulated.",
  Recordings:
    'Recorded provider exchanges (credentials redacted) that answer replayed and simulated calls; cassettes.',
  'Mock routes':
    "Declarative answers for a provider's API (method, path pattern, status, headers, body template), asked before the built-in simulation and recordings.",
  Workspace: "The calling workspace's settings, such as the origins a session may redirect to.",
  Simulator: "The offline stand-in for providers' authorization and token endpoints.",
  Simulation:
    'Faults for simulated connections: expired or revoked tokens, rate limits, server errors and latency from the built-in provider simulation.',
  Snapshots: 'Resetting a data folder, optionally to fixtures.',
  'Admin (local UI)': "Operations of the local dashboard, with the data folder's admin token.",
}

const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } }

const SHARED_RESPONSES = {
  MethodNotAllowed: {
    description:
      'Method not allowed (`method_not_allowed`): the path exists, for other methods only (never treated as an id of another route); `Allow` lists them.',
    headers: {
      Allow: { description: 'The methods this path serves.', schema: { type: 'string' }, example: 'POST' },
    },
    content: PROBLEM,
  },
  HostNotAllowed: {
    description:
      'Host not allowed (`host_not_allowed`): the gateway answers requests addressed to localhost, 127.0.0.1 or [::1] only.',
    content: PROBLEM,
  },
}

// Inline, like every other response of the document (a reader sees each operation whole).
const shared = (name: keyof typeof SHARED_RESPONSES) => structuredClone(SHARED_RESPONSES[name])

/** Who may call an operation, in words, from its security requirement. */
function access(security: SecurityRequirement[]): string {
  const schemes = new Set(security.flatMap((s) => Object.keys(s)))
  const optional = security.length === 0 || security.some((s) => Object.keys(s).length === 0)
  if (optional) return schemes.size ? 'No key needed; a key sent anyway must be valid.' : 'No key needed.'
  if (schemes.has('publishableKey')) return 'Takes a publishable (`pk_…`) or a secret (`sk_…`) key.'
  if (schemes.has('secretKey')) return 'Takes a secret key (`sk_…`).'
  return "Takes the data folder's local admin token (`adm_…`), as the Switchyard UI does."
}

/** A path with its parameters filled in, as a request would spell it. */
const samplePath = (path: string) => path.replace(/\{(\w+)\}/g, '$1')

function completeOperation(path: string, op: Operation): void {
  op.security ??= []
  op.responses['405'] ??= shared('MethodNotAllowed')
  if (!acceptsAnyHost(samplePath(path))) op.responses['403'] ??= shared('HostNotAllowed')
  if (!op.description) {
    const limited = '429' in op.responses ? " Counts against the workspace's rate limit." : ''
    op.description = `${op.summary ?? ''}. ${access(op.security)}${limited}`.replace(/^\. /, '')
  }
}

/** Adds what every operation shares (see above) to a generated document, in place, and returns it. */
export function completeDocument<D extends object>(document: D): D {
  const doc = document as Document
  const used = new Set<string>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as Operation | undefined
      if (!op) continue
      completeOperation(path, op)
      for (const tag of op.tags ?? []) used.add(tag)
    }
  }
  const known = Object.keys(TAG_DESCRIPTIONS).filter((name) => used.has(name))
  // A tag nobody described yet is still listed (the linter then asks for its description).
  const other = [...used].filter((name) => !(name in TAG_DESCRIPTIONS)).sort()
  doc.tags = [
    ...known.map((name) => ({ name, description: TAG_DESCRIPTIONS[name]! })),
    ...other.map((name) => ({ name })),
  ]
  return document
}
