import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'
import type { CrmObject, StoredAssociation } from './representations.js'

/** The portal's contacts (with their companies) and companies (with their contact counts). */
export function hubspotAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  const all = (kind: string) =>
    objects.page(kind, '', 'active', 200, 0, 'asc').rows.map((r) => JSON.parse(r) as CrmObject)
  const contacts = all('contact')
  const companies = all('company')
  const names = new Map(companies.map((c) => [c.id, c.properties.name ?? c.id]))
  const companiesOf = (id: string) =>
    objects
      .page('association', `contact:${id}:company`, 'live', 200, 0, 'asc')
      .rows.map((r) => names.get((JSON.parse(r) as StoredAssociation).toObjectId) ?? '')
      .filter(Boolean)
  const contactCount = (id: string) =>
    objects.page('association', `company:${id}:contact`, 'live', 1, 0).total
  const fullName = (c: CrmObject) => [c.properties.firstname, c.properties.lastname].filter(Boolean).join(' ')
  return [
    {
      title: 'Contacts',
      columns: ['ID', 'Name', 'Email', 'Companies', 'Created'],
      rows: contacts.map((c) => [
        c.id,
        fullName(c),
        c.properties.email ?? '',
        companiesOf(c.id).join(', '),
        c.createdAt,
      ]),
    },
    {
      title: 'Companies',
      columns: ['ID', 'Name', 'Domain', 'Contacts', 'Created'],
      rows: companies.map((c) => [
        c.id,
        c.properties.name ?? '',
        c.properties.domain ?? '',
        String(contactCount(c.id)),
        c.createdAt,
      ]),
    },
  ]
}

/** The API panel's examples, valid on a fresh portal. */
export const hubspotExampleCalls: readonly SimulationExampleCall[] = [
  {
    label: 'List contacts',
    method: 'GET',
    path: '/crm/v3/objects/contacts?limit=10&properties=email,firstname,lastname,company',
  },
  {
    label: 'Create a contact',
    method: 'POST',
    path: '/crm/v3/objects/contacts',
    body: { properties: { email: 'grace.hopper@example.com', firstname: 'Grace', lastname: 'Hopper' } },
  },
  {
    label: 'Search contacts by email domain',
    method: 'POST',
    path: '/crm/v3/objects/contacts/search',
    body: {
      filterGroups: [
        { filters: [{ propertyName: 'email', operator: 'CONTAINS_TOKEN', value: '*@example.com' }] },
      ],
      sorts: [{ propertyName: 'lastname', direction: 'ASCENDING' }],
      properties: ['email', 'firstname', 'lastname'],
      limit: 20,
    },
  },
  {
    label: 'List companies',
    method: 'GET',
    path: '/crm/v3/objects/companies?limit=10&associations=contacts',
  },
  {
    label: 'Create a company',
    method: 'POST',
    path: '/crm/v3/objects/companies',
    body: {
      properties: { name: 'Hopper Labs', domain: 'hopperlabs.example', industry: 'COMPUTER_SOFTWARE' },
    },
  },
]
