import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'

/** The most rows a section shows; the API panel pages through the rest. */
const SHOWN = 50

type Row = Record<string, unknown>
const rowsOf = (objects: AccountObjects, kind: string): Row[] =>
  objects.page(kind, '', 'live', SHOWN, 0).rows.map((r) => JSON.parse(r) as Row)

const money = (amount: unknown, currency: unknown) =>
  `${(Number(amount) / 100).toFixed(2)} ${String(currency).toUpperCase()}`

/** The simulated account's customers and payment intents, newest first. */
export function stripeAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  return [
    {
      title: 'Customers',
      columns: ['Id', 'Name', 'Email', 'Created'],
      rows: rowsOf(objects, 'customer').map((c) => [
        String(c.id),
        String(c.name ?? ''),
        String(c.email ?? ''),
        new Date(Number(c.created) * 1000).toISOString(),
      ]),
    },
    {
      title: 'Payment intents',
      columns: ['Id', 'Amount', 'Status', 'Customer'],
      rows: rowsOf(objects, 'payment_intent').map((p) => [
        String(p.id),
        money(p.amount, p.currency),
        String(p.status),
        String(p.customer ?? ''),
      ]),
    },
  ]
}

/** The API panel's examples (form bodies are also accepted as JSON). */
export const stripeExampleCalls: readonly SimulationExampleCall[] = [
  { label: 'List customers', method: 'GET', path: '/v1/customers?limit=10' },
  {
    label: 'Create a customer',
    method: 'POST',
    path: '/v1/customers',
    body: { name: 'Ada Lovelace', email: 'ada@example.com', metadata: { plan: 'pro' } },
  },
  {
    label: 'Charge 20.00 USD',
    method: 'POST',
    path: '/v1/payment_intents',
    body: { amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true },
  },
  { label: 'List events', method: 'GET', path: '/v1/events?limit=10' },
]
