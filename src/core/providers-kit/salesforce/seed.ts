import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const P = '/services/data/v62.0/sobjects'

const ACCOUNTS = [
  {
    Name: 'Acme Corporation',
    Industry: 'Manufacturing',
    BillingCity: 'San Francisco',
    NumberOfEmployees: 1200,
  },
  { Name: 'Globex', Industry: 'Energy', BillingCity: 'Springfield', NumberOfEmployees: 300 },
  { Name: 'Initech', Industry: 'Technology', BillingCity: 'Austin', NumberOfEmployees: 80 },
]
const CONTACTS = [
  { FirstName: 'Jenny', LastName: 'Rosen', Email: 'jenny.rosen@acme.example', Title: 'CTO' },
  { FirstName: 'Hank', LastName: 'Scorpio', Email: 'hank@globex.example', Title: 'CEO' },
  { FirstName: 'Peter', LastName: 'Gibbons', Email: 'peter@initech.example', Title: 'Engineer' },
  { FirstName: 'Bill', LastName: 'Lumbergh', Email: 'bill@initech.example', Title: 'VP' },
]
const OPPORTUNITIES = [
  { Name: 'Acme: 500 anvils', StageName: 'Prospecting', CloseDate: '2027-03-31', Amount: 50000 },
  {
    Name: 'Globex: doomsday device',
    StageName: 'Negotiation/Review',
    CloseDate: '2027-01-15',
    Amount: 1200000,
  },
  { Name: 'Initech: TPS reports', StageName: 'Closed Won', CloseDate: '2026-10-01', Amount: 9000 },
]
const CONTACT_ACCOUNT = [0, 1, 2, 2]

/** `seed demo`'s simulated Salesforce org (tenant `acme`): accounts, their contacts and opportunities. */
export const salesforceSeed: DemoSeed = {
  label: 'Salesforce',
  made: 'accounts, contacts, opportunities',
  scopes: ['api', 'refresh_token'],
  own: { tenant: 'acme' },
  fill(run) {
    const accounts = run(ACCOUNTS.map((body) => ({ method: 'POST', path: `${P}/Account`, body })))
    const idOf = (i: number) => (accounts[i]?.body as { id?: string } | undefined)?.id
    const more: SeedRequest[] = [
      ...CONTACTS.map((c, i) => ({
        method: 'POST',
        path: `${P}/Contact`,
        body: { ...c, AccountId: idOf(CONTACT_ACCOUNT[i]!) },
      })),
      ...OPPORTUNITIES.map((o, i) => ({
        method: 'POST',
        path: `${P}/Opportunity`,
        body: { ...o, AccountId: idOf(i) },
      })),
    ]
    return accounts.length + run(more).length
  },
}
