import type { Core } from '../core.js'
import { tokenStyleOf } from '../simulator/token-styles.js'

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
 * `seed demo`'s simulated HubSpot: a connection (tenant `acme`, every CRM scope) whose account has
 * companies, contacts and the associations between them, made through the simulation's own API
 * (see Simulation.seed). Returns whether it created the provider config, and the requests run.
 */
export function seedDemoHubspot(
  core: Core,
  workspaceId: string,
): { configCreated: boolean; requests: number } {
  let config = core.providerConfigs.resolve(workspaceId, 'hubspot')
  const configCreated = !config
  config ??= core.providerConfigs.create(workspaceId, {
    provider: 'hubspot',
    name: 'Demo hubspot',
    webhook_secret: 'demo-hubspot-webhook-secret',
  })
  const style = tokenStyleOf('hubspot')
  const tokens = { access_token: style.access(), refresh_token: style.refresh(), token_type: 'bearer' }
  core.simulation.ledger.issued({
    workspaceId,
    provider: 'hubspot',
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresIn: style.expiresIn,
  })
  const connection = core.connections.create(workspaceId, {
    provider: 'hubspot',
    provider_config_id: config.id,
    tenant_id: 'acme',
    mode: 'simulated',
    params: {},
    requested_scopes: SCOPES,
    tokens,
    session_id: 'demo_acme_hubspot',
  })
  const companies = core.simulation.seed(
    workspaceId,
    connection.id,
    COMPANIES.map((properties) => ({
      method: 'POST',
      path: '/crm/v3/objects/companies',
      body: { properties },
    })),
  )
  const ids = companies.map((c) => (c.body as { id: string }).id)
  const contacts = core.simulation.seed(
    workspaceId,
    connection.id,
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
  return { configCreated, requests: companies.length + contacts.length }
}
