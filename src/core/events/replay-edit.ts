import type { ReplayBody, ReplayHeaders } from '../deliveries/deliveries.schema.js'
import { forwardableHeaders } from '../deliveries/http-send.js'
import { AppError } from '../errors.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import { schemeOf } from '../providers-kit/registry.js'
import { signatureHeaders } from '../webhooks/signatures.js'
import { WEBHOOK_BODY_LIMIT } from '../webhooks/webhooks.schema.js'

/** What a replay changes; all optional (none: the captured request, byte for byte). */
export interface ReplayChanges {
  headers?: ReplayHeaders | undefined
  body?: ReplayBody | undefined
  resign?: boolean | undefined
}

/** The request a replay sends. */
export interface EditedRequest {
  method: string
  headers: Array<[string, string]>
  body: Buffer
}

export const hasChanges = (changes: ReplayChanges): boolean =>
  changes.headers !== undefined || changes.body !== undefined || changes.resign === true

/** Header names that fetch or the gateway set per hop: refused as edits rather than silently dropped. */
function refuseHopByHop(headers: ReplayHeaders) {
  const probe = Object.keys(headers).map((name): [string, string] => [name, ''])
  const kept = new Set(forwardableHeaders(probe).map(([name]) => name))
  const refused = Object.keys(headers).filter((name) => !kept.has(name))
  if (refused.length === 0) return
  throw new AppError('invalid_request', 'Hop-by-hop headers are set by the gateway for each delivery.', {
    errors: refused.map((name) => ({
      pointer: `/headers/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
      detail: 'is a hop-by-hop header (Host, Content-Length, Connection, …) and cannot be set',
    })),
  })
}

/** Applies header edits: a value replaces every header of that name where the first one was, null removes. */
function editHeaders(original: Array<[string, string]>, edits: ReplayHeaders): Array<[string, string]> {
  const byName = new Map(Object.entries(edits).map(([name, value]) => [name.toLowerCase(), { name, value }]))
  const placed = new Set<string>()
  const out: Array<[string, string]> = []
  for (const [name, value] of original) {
    const edit = byName.get(name.toLowerCase())
    if (!edit) {
      out.push([name, value])
      continue
    }
    if (edit.value === null || placed.has(name.toLowerCase())) continue
    out.push([edit.name, edit.value])
    placed.add(name.toLowerCase())
  }
  for (const [lower, edit] of byName)
    if (edit.value !== null && !placed.has(lower)) out.push([edit.name, edit.value])
  return out
}

function newBody(body: ReplayBody): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.base64, 'base64')
  if (bytes.length > WEBHOOK_BODY_LIMIT) {
    throw new AppError('payload_too_large', `A replayed body may be at most ${WEBHOOK_BODY_LIMIT} bytes.`)
  }
  return bytes
}

/**
 * The request a replay sends: the captured one minus hop-by-hop headers, with the header edits, the
 * new body and, when asked, fresh signature headers from `signing`. Throws (400/413) before anything
 * is sent or stored.
 */
export function editRequest(
  captured: { method: string; headers: Array<[string, string]>; body: Buffer },
  changes: ReplayChanges,
  /** `url`: where the request goes (HubSpot v3 signs it). */
  signing: { scheme: SignatureScheme; secret: string; nowMs: number; url: string } | null,
): EditedRequest {
  if (changes.headers) refuseHopByHop(changes.headers)
  let headers = forwardableHeaders(captured.headers)
  if (changes.headers) headers = editHeaders(headers, changes.headers)
  const body = changes.body === undefined ? captured.body : newBody(changes.body)
  if (signing) {
    const replaced = new Set(schemeOf(signing.scheme).headers)
    const find = (name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1]
    // Standard Webhooks signs the message id: keep the one being sent (the sender's, or the edited one).
    const svix = !find('webhook-id') && find('svix-id') !== undefined
    const messageId = find('webhook-id') ?? find('svix-id') ?? `msg_replay_${signing.nowMs}`
    const fresh = Object.entries(
      signatureHeaders(signing.scheme, signing.secret, body, signing.nowMs, messageId, {
        method: captured.method,
        url: signing.url,
      }),
    ).map(([name, value]): [string, string] => [svix ? name.replace(/^webhook-/, 'svix-') : name, value])
    const freshNames = new Set(fresh.map(([name]) => name.toLowerCase()))
    headers = [
      ...headers.filter(([name]) => !replaced.has(name.toLowerCase()) && !freshNames.has(name.toLowerCase())),
      ...fresh,
    ]
  }
  return { method: captured.method, headers, body }
}
