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

/** A contact, with the index of its company (its primary association) or null. */
const contact = (
  email: string,
  firstname: string,
  lastname: string,
  lifecyclestage: string,
  company: number | null,
  more: Record<string, string> = {},
) => ({ properties: { email, firstname, lastname, ...more, lifecyclestage }, company })

const CONTACTS = [
  contact('wile.e@acme.example', 'Wile E.', 'Coyote', 'customer', 0, { jobtitle: 'Head of R&D' }),
  contact('road.runner@acme.example', 'Road', 'Runner', 'lead', 0, { jobtitle: 'Field tester' }),
  contact('hank@globex.example', 'Hank', 'Scorpio', 'opportunity', 1, { jobtitle: 'CEO' }),
  contact('peter@initech.example', 'Peter', 'Gibbons', 'customer', 2, { jobtitle: 'Software engineer' }),
  contact('milton@initech.example', 'Milton', 'Waddams', 'subscriber', 2, { phone: '+1 512 555 0134' }),
  contact('jenny.rosen@example.com', 'Jenny', 'Rosen', 'lead', null),
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
