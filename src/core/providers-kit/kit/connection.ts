import { decodeCursor, encodeCursor } from './pagination.js'

/**
 * GraphQL connections (Relay style) paged by position: `first` items after an opaque cursor that
 * names an item's position in the list. The provider checks `first` and words its own refusals.
 */

/** Where the page after `after` starts: 0 without a cursor, null when it is not a cursor of this kind. */
export function offsetAfter(after: unknown, kind: string): number | null {
  const position = decodeCursor(after, kind)
  if (position === undefined) return 0
  return position !== null && /^\d+$/.test(position) ? Number(position) + 1 : null
}

/** The connection of one page: `nodes` from position `offset` of a list of `total` items. */
export function offsetConnection<V>(kind: string, offset: number, nodes: readonly V[], total: number) {
  const edges = nodes.map((node, i) => ({ cursor: encodeCursor(kind, offset + i), node }))
  return {
    totalCount: total,
    pageInfo: {
      hasNextPage: offset + nodes.length < total,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    edges,
    nodes: edges.map((e) => e.node),
  }
}
