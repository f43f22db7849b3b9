import { section } from '../kit/account-view.js'
import type { AccountObjects, SimulatedAccountSection, SimulationExampleCall } from '../kit/provider-kit.js'
import { storedList } from '../kit/stored-json.js'
import type { CrmObject, StoredAssociation } from './representations.js'

/** The portal's contacts (with their companies) and companies (with their contact counts). */
export function hubspotAccountView(objects: AccountObjects): SimulatedAccountSection[] {
  const all = (kind: string) => storedList<CrmObject>(objects, kind, '', { tag: 'active', limit: 200 })
  const companies = all('company')
  const names = new Map(companies.map((c) => [c.id, c.properties.name ?? c.id]))
  const companiesOf = (id: string) =>
    storedList<StoredAssociation>(objects, 'association', `contact:${id}:company`, {
      tag: 'live',
      limit: 200,
    })
      .map((a) => names.get(a.toObjectId) ?? '')
      .filter(Boolean)
  const contactCount = (id: string) =>
    objects.page('association', `company:${id}:contact`, 'live', 1, 0).total
  return [
    section('Contacts', all('contact'), {
      ID: (c) => c.id,
      Name: (c) => [c.properties.firstname, c.properties.lastname].filter(Boolean).join(' '),
      Email: (c) => c.properties.email ?? '',
      Companies: (c) => companiesOf(c.id).join(', '),
      Created: (c) => c.createdAt,
    }),
    section('Companies', companies, {
      ID: (c) => c.id,
      Name: (c) => c.properties.name ?? '',
      Domain: (c) => c.properties.domain ?? '',
      Contacts: (c) => String(contactCount(c.id)),
      Created: (c) => c.createdAt,
    }),
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
