import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'

/** The most rows a section shows; the API panel queries the rest. */
const SHOWN = 50

type Row = Record<string, unknown>
const rowsOf = (objects: AccountObjects, type: string): Row[] =>
  objects.page(type, '', 'live', SHOWN, 0).rows.map((r) => JSON.parse(r) as Row)
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** The org's accounts, contacts and opportunities, newest first. */
export function salesforceAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  return [
    {
      title: 'Accounts',
      columns: ['Id', 'Name', 'Industry', 'City'],
      rows: rowsOf(objects, 'Account').map((a) => [a.Id, a.Name, a.Industry, a.BillingCity].map(text)),
    },
    {
      title: 'Contacts',
      columns: ['Id', 'Name', 'Email', 'Account'],
      rows: rowsOf(objects, 'Contact').map((c) => [c.Id, c.Name, c.Email, c.AccountId].map(text)),
    },
    {
      title: 'Opportunities',
      columns: ['Id', 'Name', 'Stage', 'Amount', 'Close date'],
      rows: rowsOf(objects, 'Opportunity').map((o) =>
        [o.Id, o.Name, o.StageName, o.Amount, o.CloseDate].map(text),
      ),
    },
  ]
}

/** The API panel's examples (paths from the connection's instance URL). */
export const salesforceExampleCalls: readonly SimulationExampleCall[] = [
  {
    label: 'Query accounts (SOQL)',
    method: 'GET',
    path: `/services/data/v62.0/query?q=${encodeURIComponent('SELECT Id, Name, Industry FROM Account ORDER BY Name')}`,
  },
  {
    label: 'Create an account',
    method: 'POST',
    path: '/services/data/v62.0/sobjects/Account',
    body: { Name: 'Umbrella Corp', Industry: 'Biotechnology' },
  },
  {
    label: 'Open opportunities',
    method: 'GET',
    path: `/services/data/v62.0/query?q=${encodeURIComponent('SELECT Name, StageName, Amount FROM Opportunity WHERE IsClosed = false')}`,
  },
]
