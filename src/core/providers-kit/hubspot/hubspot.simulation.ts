import { createHash, randomUUID } from 'node:crypto'
import type { AccountObjects, ProviderSimulation } from '../kit/provider-kit.js'
import { hubspotError, LIMITS, rateLimitHeaders } from './answers.js'
import {
  createDefaultAssociation,
  createLabelledAssociation,
  isSimulatedPair,
  listAssociations,
  removeAssociation,
  V4_ASSOCIATIONS,
} from './associations.js'
import type { HubspotState } from './context.js'
import {
  archiveObject,
  createObject,
  getObject,
  listObjects,
  searchObjects,
  updateObject,
} from './objects.js'
import { HUBSPOT_EVENT_TYPES } from './payloads.js'
import { type CrmObject, kindOf, type StoredAssociation } from './representations.js'

export type { HubspotState } from './context.js'

const hashNumber = (text: string, min: number, span: number) =>
  min + (createHash('sha256').update(text).digest().readUInt32BE(0) % span)

const OBJECTS = /^\/crm\/v3\/objects\/([^/]+)(?:\/([^/]+))?$/

/**
 * The simulated HubSpot CRM (contacts, companies and the associations between them, v3 objects
 * and v4 associations), with the Webhooks API's batched, v3-signed deliveries.
 */
export const hubspotSimulation: ProviderSimulation<HubspotState> = {
  provider: 'hubspot',

  initialState(connection) {
    const appId = hashNumber(`${connection.id}:app`, 1_000_000, 9_000_000)
    return {
      portalId: hashNumber(connection.id, 20_000_000, 100_000_000),
      appId,
      subscriptionIds: Object.fromEntries(
        HUBSPOT_EVENT_TYPES.map((type, i) => [
          type,
          hashNumber(`${connection.id}:${type}`, 2_000_000, 900_000) + i,
        ]),
      ),
      next_id: {
        contact: hashNumber(`${connection.id}:contact`, 10_000_000_000, 90_000_000),
        company: hashNumber(`${connection.id}:company`, 20_000_000_000, 90_000_000),
      },
      next_event_id: hashNumber(`${connection.id}:event`, 100_000_000, 800_000_000),
      emails: {},
    }
  },

  route(call) {
    const { method, path } = call
    const m = OBJECTS.exec(path)
    if (m) {
      if (!kindOf(m[1]!)) return undefined
      if (m[2] === 'search') return method === 'POST' ? searchObjects : undefined
      if (m[2] === undefined)
        return method === 'GET' ? listObjects : method === 'POST' ? createObject : undefined
      return method === 'GET'
        ? getObject
        : method === 'PATCH'
          ? updateObject
          : method === 'DELETE'
            ? archiveObject
            : undefined
    }
    if (!isSimulatedPair(path)) return undefined
    const [, , , isDefault, , toId] = V4_ASSOCIATIONS.exec(path)!
    if (isDefault) return method === 'PUT' ? createDefaultAssociation : undefined
    if (toId === undefined) return method === 'GET' ? listAssociations : undefined
    return method === 'PUT' ? createLabelledAssociation : method === 'DELETE' ? removeAssociation : undefined
  },

  unauthorized(verdict) {
    if (verdict === 'expired')
      return hubspotError(
        401,
        'EXPIRED_AUTHENTICATION',
        'The OAuth token used to make this call expired. Refresh it with the refresh token (https://developers.hubspot.com/docs/api/oauth/tokens).',
        { context: { reason: ['expired'] } },
      )
    return hubspotError(
      401,
      'INVALID_AUTHENTICATION',
      verdict === 'revoked'
        ? 'The OAuth token used to make this call has been revoked.'
        : 'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
    )
  },

  rateLimited() {
    const correlationId = randomUUID()
    return hubspotError(
      429,
      'RATE_LIMITS',
      `You have reached your ten_secondly_rolling limit. (Simulated: a rate_limit fault.)`,
      { errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING', groupName: 'publicapi:oauth' },
      [
        ['content-type', 'application/json;charset=utf-8'],
        ['x-hubspot-correlation-id', correlationId],
        ...rateLimitHeaders({ interval: 0, daily: LIMITS.daily - LIMITS.max }),
      ],
    )
  },

  serverError(status) {
    return hubspotError(
      status,
      'INTERNAL_ERROR',
      status === 503 ? 'Service Unavailable' : status === 502 ? 'Bad Gateway' : 'internal error',
    )
  },

  accountView(objects: AccountObjects) {
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
    const fullName = (c: CrmObject) =>
      [c.properties.firstname, c.properties.lastname].filter(Boolean).join(' ')
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
  },

  exampleCalls: [
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
  ],
}
