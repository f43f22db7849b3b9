/**
 * The one event filter rule, shared by the live stream, the export and the dashboard's live list,
 * and the same as search's: each field matches only itself (`type` is the event type; the
 * provider's own type is `provider_event_type`), a list means any of, empty means no filter.
 * Pure and free of runtime imports, so the renderer can import it too.
 */
export interface EventFilter {
  provider?: string[] | undefined
  type?: string[] | undefined
  provider_event_type?: string[] | undefined
  signature?: string[] | undefined
  source?: string[] | undefined
  connection_id?: string[] | undefined
  installation_id?: string[] | undefined
  /**
   * Captures that repeat an earlier signed message id (`duplicate_of` set): `exclude` leaves them
   * out (search: `duplicate_of: {eq: null}`), `only` keeps just them; absent, both.
   */
  duplicates?: 'exclude' | 'only' | undefined
  since?: string | undefined
  until?: string | undefined
}

/** The event fields the filter reads. */
export interface FilterableEvent {
  type: string
  source: string
  provider: string | null
  provider_event_type: string | null
  signature: string | null
  connection_id: string | null
  installation_id: string | null
  duplicate_of: string | null
  created_at: string
}

const anyOf = (values: string[] | undefined, value: string | null) =>
  !values?.length || (value !== null && values.includes(value))

/** Does an event pass the filter? (Mirrors the SQL in events.repo.ts and search's `eq`/`in`.) */
export function matchesFilter(event: FilterableEvent, filter: EventFilter): boolean {
  return (
    anyOf(filter.provider, event.provider) &&
    anyOf(filter.type, event.type) &&
    anyOf(filter.provider_event_type, event.provider_event_type) &&
    anyOf(filter.signature, event.signature) &&
    anyOf(filter.source, event.source) &&
    anyOf(filter.connection_id, event.connection_id) &&
    anyOf(filter.installation_id, event.installation_id) &&
    (!filter.duplicates || (event.duplicate_of === null) === (filter.duplicates === 'exclude')) &&
    (!filter.since || event.created_at >= filter.since) &&
    (!filter.until || event.created_at < filter.until)
  )
}

const LISTS = [
  'provider',
  'type',
  'provider_event_type',
  'signature',
  'source',
  'connection_id',
  'installation_id',
] as const

/** The same filter as a search request's `filter` (what the dashboard asks the server for). */
export function toSearchFilter(filter: EventFilter): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const name of LISTS) if (filter[name]?.length) out[name] = { in: filter[name] }
  if (filter.duplicates) out.duplicate_of = filter.duplicates === 'exclude' ? { eq: null } : { neq: null }
  if (filter.since || filter.until)
    out.created_at = { ...(filter.since && { gte: filter.since }), ...(filter.until && { lt: filter.until }) }
  return out
}
