import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'

/** The most rows a section shows; the API panel pages through the rest. */
const SHOWN = 50

type Row = Record<string, unknown>
const rowsOf = (objects: AccountObjects, kind: string): Row[] =>
  objects.page(kind, '', 'live', SHOWN, 0, 'asc').rows.map((r) => JSON.parse(r) as Row)

const plain = (items: unknown) =>
  Array.isArray(items) ? items.map((i: Row) => String(i.plain_text ?? '')).join('') : ''
const titleOf = (page: Row) =>
  plain(Object.values((page.properties ?? {}) as Record<string, Row>).find((p) => p.type === 'title')?.title)
const parentOf = (page: Row) => {
  const p = (page.parent ?? {}) as Row
  return p.type === 'workspace' ? 'workspace' : String(p.data_source_id ?? p.page_id ?? '')
}

/** The simulated workspace's pages (with their parent) and databases. */
export function notionAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  return [
    {
      title: 'Pages',
      columns: ['Id', 'Title', 'Parent', 'Last edited'],
      rows: rowsOf(objects, 'page').map((p) => [
        String(p.id),
        titleOf(p),
        parentOf(p),
        String(p.last_edited_time),
      ]),
    },
    {
      title: 'Data sources',
      columns: ['Id', 'Title', 'Database', 'Properties'],
      rows: rowsOf(objects, 'data_source').map((d) => [
        String(d.id),
        plain(d.title),
        String((d.parent as Row).database_id),
        Object.keys((d.properties ?? {}) as Row).join(', '),
      ]),
    },
  ]
}

/** The API panel's examples. */
export const notionExampleCalls: readonly SimulationExampleCall[] = [
  { label: 'Who am I', method: 'GET', path: '/v1/users/me' },
  {
    label: 'Search pages',
    method: 'POST',
    path: '/v1/search',
    body: { filter: { property: 'object', value: 'page' } },
  },
  {
    label: 'Search data sources',
    method: 'POST',
    path: '/v1/search',
    body: { filter: { property: 'object', value: 'data_source' } },
  },
]
