import type { InfiniteData } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { QueryStates } from './ui'

/** "Showing N" and a Load more button for cursor-paged lists. */
function ListFooter(props: {
  /** Rows on screen: the loaded pages plus any that arrived live. */
  shown: number
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
  /** Plural noun, e.g. "connections". */
  noun: string
}) {
  const { shown } = props
  if (shown === 0) return null
  return (
    <div className="list-footer">
      <span>
        Showing {shown} {shown === 1 ? props.noun.replace(/s$/, '') : props.noun}
        {props.hasNextPage || shown === 1 ? '' : ' — all of them'}
      </span>
      {props.hasNextPage && (
        <button
          type="button"
          className="button button-small"
          onClick={props.fetchNextPage}
          disabled={props.isFetchingNextPage}
        >
          {props.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  )
}

/** Flattens the pages of an infinite list into one array. */
export const rowsOf = <T,>(data: InfiniteData<{ data: T[] }> | undefined): T[] =>
  data?.pages.flatMap((p) => p.data) ?? []

/** What PagedList reads of a `useSearchList` result. */
interface PagedQuery {
  data: InfiniteData<{ data: unknown[] }> | undefined
  isPending: boolean
  error: unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
}

/**
 * A cursor-paged list in its card: the query's states (`empty` when it has no rows), the rows
 * (`children`), then the "Showing N" footer. A page that adds rows the server pages do not hold yet
 * (live arrivals) passes the number it shows as `rows`, so the list is not "empty" while it shows them.
 */
export function PagedList(props: {
  list: PagedQuery
  rows?: number
  noun: string
  errorTitle: string
  empty: ReactNode
  children: ReactNode
}) {
  const { list } = props
  const shown = props.rows ?? rowsOf(list.data).length
  return (
    <>
      <QueryStates
        query={list}
        errorTitle={props.errorTitle}
        inCard
        isEmpty={shown === 0}
        empty={props.empty}
      >
        {props.children}
      </QueryStates>
      {!list.isPending && !list.error && (
        <ListFooter
          shown={shown}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={list.fetchNextPage}
          noun={props.noun}
        />
      )}
    </>
  )
}
