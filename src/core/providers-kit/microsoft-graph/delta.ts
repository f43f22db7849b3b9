import type { ProxyAnswer } from '../../proxy/answerer.js'
import { queryOf } from '../kit/http.js'
import { decodeCursor, encodeCursor } from '../kit/pagination.js'
import { allOf, badRequest, type Ctx, type Json, notFound, ok, pageLink, selectOf } from './context.js'
import { FOLDERS } from './state.js'

const DEFAULT_PAGE = 10
const MAX_PAGE = 1000

/** `Prefer: odata.maxpagesize=N` (the page size delta honours), else 10. */
function pageSizeOf(ctx: Ctx): number {
  const prefer = ctx.call.headers
    .filter(([n]) => n.toLowerCase() === 'prefer')
    .map(([, v]) => v)
    .join(',')
  const size = Number(prefer.match(/odata\.maxpagesize=(\d+)/i)?.[1] ?? DEFAULT_PAGE)
  return Math.min(Math.max(size, 1), MAX_PAGE)
}

/** A round's position: changes after `since` up to `upto` (change numbers), from `offset` on. */
type Round = { since: number; upto: number; offset: number }

function roundOf(ctx: Ctx): Round | undefined | null {
  const q = queryOf(ctx.call)
  const skip = decodeCursor(q.get('$skiptoken') ?? undefined, 'delta-page')
  if (skip === null) return null
  if (skip !== undefined) {
    const [since, upto, offset] = skip.split(':').map(Number)
    return [since, upto, offset].every((n) => Number.isInteger(n))
      ? { since: since!, upto: upto!, offset: offset! }
      : null
  }
  const token = decodeCursor(q.get('$deltatoken') ?? undefined, 'delta')
  if (token === null || (token !== undefined && !/^\d+$/.test(token))) return null
  const since = token === undefined ? 0 : Number(token)
  if (since > ctx.state.seq) return null
  return { since, upto: ctx.state.seq, offset: 0 }
}

/**
 * `GET /me/mailFolders/{folder}/messages/delta`: the first round lists the folder's messages, page
 * by page (`@odata.nextLink` with a `$skiptoken`), and ends with an `@odata.deltaLink`; a round
 * started from that link returns only the messages changed since, a deleted one as `@removed`.
 */
export function messagesDelta(ctx: Ctx): ProxyAnswer {
  const folder = ctx.params.folder!.toLowerCase()
  if (!(FOLDERS as readonly string[]).includes(folder)) return notFound(ctx)
  const round = roundOf(ctx)
  if (!round)
    return badRequest(ctx, 'The sync state (delta or skip token) is not valid.', 'ErrorInvalidSyncStateData')
  const seqOf = (m: Json) => Number(m._seq)
  const inRound = (m: Json) => seqOf(m) > round.since && seqOf(m) <= round.upto
  const changed = [
    ...allOf(ctx, 'message', folder).filter(inRound),
    ...(round.since > 0 ? allOf(ctx, 'message', folder, 'removed').filter(inRound) : []),
  ].sort((a, b) => seqOf(a) - seqOf(b))
  const size = pageSizeOf(ctx)
  const shape = selectOf(ctx)
  const value = changed
    .slice(round.offset, round.offset + size)
    .map((m) =>
      m._removed
        ? { '@odata.type': '#microsoft.graph.message', id: m.id, '@removed': { reason: 'deleted' } }
        : { '@odata.type': '#microsoft.graph.message', ...shape(m) },
    )
  const more = round.offset + size < changed.length
  const link = more
    ? {
        '@odata.nextLink': pageLink(
          ctx,
          { $skiptoken: encodeCursor('delta-page', `${round.since}:${round.upto}:${round.offset + size}`) },
          ['$deltatoken'],
        ),
      }
    : {
        '@odata.deltaLink': pageLink(ctx, { $deltatoken: encodeCursor('delta', round.upto) }, ['$skiptoken']),
      }
  return ok(ctx, {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#Collection(message)`,
    value,
    ...link,
  })
}
