import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import type { SObjectType } from './describe.js'
import { type SalesforceError, salesforceError, salesforceHeaders } from './errors.js'
import { type IdKind, idOf, numOf, type SalesforceState } from './state.js'

export type Ctx = SimulationContext<SalesforceState>
/** A record as stored: field name → value (`Id` included). */
export type SRecord = Record<string, unknown> & { Id: string }

/** The API version the call's path names (`v62.0`), for the URLs the answer gives. */
export const versionOf = (ctx: Ctx) => ctx.params.version ?? 'v62.0'

/** Counts the call against the org's daily allocation (what `Sforce-Limit-Info` reports). */
function used(ctx: Ctx): number {
  ctx.state.apiUsage++
  ctx.saveState(ctx.state)
  return ctx.state.apiUsage
}

export const ok = (ctx: Ctx, body: unknown, status = 200): ProxyAnswer =>
  answer(status, body, salesforceHeaders(used(ctx)))
export const fail = (ctx: Ctx, status: number, error: SalesforceError): ProxyAnswer =>
  salesforceError(status, error, salesforceHeaders(used(ctx)))
export const notFound = (ctx: Ctx) =>
  fail(ctx, 404, { message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' })

/** Salesforce's timestamp format: `2026-11-26T20:37:10.000+0000`. */
export const timestampOf = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000')

/** A new id of a kind (the counter is saved with the state). */
export function newId(ctx: Ctx, kind: IdKind): { id: string; num: number } {
  const num = ctx.state.next[kind]++
  ctx.saveState(ctx.state)
  return { id: idOf(ctx.state, kind, num), num }
}

/** The record of an id, live or deleted; undefined when the org never had it. */
export function load(ctx: Ctx, type: SObjectType, id: string | undefined): SRecord | undefined {
  const num = numOf(ctx.state, type, id)
  const text = num === undefined ? undefined : ctx.objects.get(type, '', num)
  return text === undefined ? undefined : (JSON.parse(text) as SRecord)
}

/** Stores a record; a deleted one (`IsDeleted`) no longer answers queries. */
export function save(ctx: Ctx, type: SObjectType, record: SRecord) {
  const num = numOf(ctx.state, type, record.Id)!
  ctx.objects.put(type, '', num, record, record.IsDeleted ? 'deleted' : 'live')
}

/** Every live record of a type, oldest first (Salesforce's unordered queries come back that way). */
export const allOf = (ctx: Ctx, type: SObjectType): SRecord[] =>
  ctx.objects.page(type, '', 'live', 1_000_000, 0, 'asc').rows.map((r) => JSON.parse(r) as SRecord)

/** A record's `attributes`, as every answer that carries a record gives them. */
export const attributesOf = (ctx: Ctx, type: SObjectType, id: string) => ({
  type,
  url: `/services/data/${versionOf(ctx)}/sobjects/${type}/${id}`,
})

/** The record as the API shows it: its attributes, then the chosen fields (all when none chosen). */
export function shown(ctx: Ctx, type: SObjectType, record: SRecord, fields?: readonly string[]) {
  const chosen = fields ?? Object.keys(record)
  return {
    attributes: attributesOf(ctx, type, record.Id),
    ...Object.fromEntries(chosen.map((f) => [f, record[f] ?? null])),
  }
}
