import type { Schemas } from '../../lib/api'

/** One section of a simulated account as a table: its title is the caption, every cell is text. */
function SectionTable({ section }: { section: Schemas['SimulatedAccountSection'] }) {
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <caption className="table-caption">{section.title}</caption>
        <thead>
          <tr>
            {section.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.length === 0 ? (
            <tr>
              <td colSpan={section.columns.length} className="muted">
                None yet.
              </td>
            </tr>
          ) : (
            section.rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain text with no id; their order is the view's.
              <tr key={i}>
                {row.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column.
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The simulated account's data, as its provider's simulation lays it out. */
export function AccountTables({ sections }: { sections: Schemas['SimulatedAccountSection'][] }) {
  if (sections.length === 0)
    return (
      <p className="muted">
        This provider has no built-in simulation, so there is no account to show: its calls are answered by
        the workspace's mock routes or by recordings.
      </p>
    )
  return (
    <>
      {sections.map((s) => (
        <SectionTable key={s.title} section={s} />
      ))}
    </>
  )
}
