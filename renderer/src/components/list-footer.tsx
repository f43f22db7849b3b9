import type { InfiniteData } from '@tanstack/react-query'

/** "Showing N" and a Load more button for cursor-paged lists. */
export function ListFooter(props: {
  data: InfiniteData<{ data: unknown[] }> | undefined
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
  /** Plural noun, e.g. "connections". */
  noun: string
}) {
  const shown = props.data?.pages.reduce((n, p) => n + p.data.length, 0) ?? 0
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
