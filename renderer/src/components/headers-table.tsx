import { Mono } from './ui'

/** HTTP headers as a compact name/value table, in order, duplicates included. */
export function HeadersTable({
  caption,
  headers,
}: {
  caption: string
  headers: Array<{ name: string; value: string }>
}) {
  if (headers.length === 0) return <p className="muted">No headers.</p>
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-name">
              Name
            </th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: headers repeat; their order is their identity.
            <tr key={i}>
              <td>
                <Mono>{h.name}</Mono>
              </td>
              <td className="wrap">
                <Mono>{h.value}</Mono>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
