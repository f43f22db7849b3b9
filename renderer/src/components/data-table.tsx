import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'

/** The table features every list uses: the core row model only (sorting, filtering and paging are server-side). */
export const features = tableFeatures({})
export type Features = typeof features
export type Columns<T extends RowData> = ColumnDef<Features, T, never>[]

/** A typed column helper for one row type. */
export const columnsFor = <T extends RowData>() => createColumnHelper<Features, T>()

interface DataTableProps<T extends RowData> {
  /** Describes the table for screen readers. */
  caption: string
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column; the helper checks each one.
  columns: ColumnDef<Features, T, any>[]
  data: T[]
  getRowId: (row: T) => string
  selectedId?: string | undefined
  onRowClick?: (row: T) => void
  rowClassName?: (row: T) => string
}

/**
 * A semantic table rendered from TanStack Table's row model. Rows open on click; the primary
 * cell of each row holds a real button, so keyboard users reach the same action.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  data,
  getRowId,
  selectedId,
  onRowClick,
  rowClassName,
}: DataTableProps<T>) {
  const table = useTable({ features, columns, data, getRowId })
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={
                `${onRowClick ? 'clickable' : ''}${row.id === selectedId ? ' selected' : ''} ${rowClassName?.(row.original) ?? ''}`.trim() ||
                undefined
              }
              onClick={(e) => {
                if (!onRowClick || (e.target as HTMLElement).closest('button, a, input, select')) return
                onRowClick(row.original)
              }}
            >
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
