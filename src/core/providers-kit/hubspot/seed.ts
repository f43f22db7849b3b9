import type { DemoSeed } from '../kit/provider-kit.js'

/** Every scope the simulated HubSpot checks: the demo account may do everything. */
const SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
]

const COMPANIES = [
  { name: 'Acme Corporation', domain: 'acme.example', industry: 'MACHINERY', city: 'Phoenix' },
  { name: 'Globex', domain: 'globex.example', industry: 'COMPUTER_SOFTWARE', city: 'Cypress Creek' },
  {
    name: 'Initech',
    domain: 'initech.example',
    industry: 'INFORMATION_TECHNOLOGY_AND_SERVICES',
    city: 'Austin',
  },
]

/** Contacts with the index of their company (primary association), or none. */
const CONTACTS: Array<{ properties: Record<string, string>; company: number | null }> = [
  {
    properties: {
      email: 'wile.e@acme.example',
      firstname: 'Wile E.',
      lastname: 'Coyote',
      jobtitle: 'Head of R&D',
      lifecyclestage: 'customer',
    },
    company: 0,
  },
  {
    properties: {
      email: 'road.runner@acme.example',
      firstname: 'Road',
      lastname: 'Runner',
      jobtitle: 'Field tester',
      lifecyclestage: 'lead',
    },
    company: 0,
  },
  {
    properties: {
      email: 'hank@globex.example',
      firstname: 'Hank',
      lastname: 'Scorpio',
      jobtitle: 'CEO',
      lifecyclestage: 'opportunity',
    },
    company: 1,
  },
  {
    properties: {
      email: 'peter@initech.example',
      firstname: 'Peter',
      lastname: 'Gibbons',
      jobtitle: 'Software engineer',
      lifecyclestage: 'customer',
    },
    company: 2,
  },
  {
    properties: {
      email: 'milton@initech.example',
      firstname: 'Milton',
      lastname: 'Waddams',
      phone: '+1 512 555 0134',
      lifecyclestage: 'subscriber',
    },
    company: 2,
  },
  {
    properties: {
      email: 'jenny.rosen@example.com',
      firstname: 'Jenny',
      lastname: 'Rosen',
      lifecyclestage: 'lead',
    },
    company: null,
  },
]

/**
 * `seed demo`'s simulated HubSpot: one connection (tenant `acme`, every CRM scope) whose account has
 * companies, contacts and the associations between them, made through the simulation's own API.
 */
export const hubspotSeed: DemoSeed = {
  label: 'HubSpot',
  made: 'companies, contacts, associations',
  scopes: SCOPES,
  own: { tenant: 'acme' },
  fill(run) {
    const companies = run(
      COMPANIES.map((properties) => ({
        method: 'POST',
        path: '/crm/v3/objects/companies',
        body: { properties },
      })),
    )
    const ids = companies.map((c) => (c.body as { id: string }).id)
    const contacts = run(
      CONTACTS.map(({ properties, company }) => ({
        method: 'POST',
        path: '/crm/v3/objects/contacts',
        body: {
          properties,
          ...(company !== null && {
            associations: [
              {
                to: { id: ids[company] },
                types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 1 }],
              },
            ],
          }),
        },
      })),
    )
    return companies.length + contacts.length
  },
}
