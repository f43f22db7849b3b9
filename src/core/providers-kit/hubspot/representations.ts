/**
 * HubSpot CRM v3 representations of contacts and companies, field for field as api.hubapi.com
 * returns them, and the object types and association types the simulation knows.
 */

export type ObjectKind = 'contact' | 'company'

interface KindInfo {
  /** Plural, as in `/crm/v3/objects/contacts`. */
  plural: string
  /** HubSpot's object type id (`0-1`). */
  typeId: string
  /** The property that holds the last change: contacts and companies differ. */
  modified: 'lastmodifieddate' | 'hs_lastmodifieddate'
  /** What an answer carries when the call names no `properties`. */
  defaults: readonly string[]
  /** Properties `query` searches (HubSpot's default searchable properties). */
  searchable: readonly string[]
  /** The properties a portal has (HubSpot's built-ins that integrations use most). */
  known: ReadonlySet<string>
  scopes: { read: string; write: string }
}

const READ_ONLY = ['createdate', 'hs_object_id', 'lastmodifieddate', 'hs_lastmodifieddate'] as const
/** Properties both kinds have besides their defaults and searchable ones. */
const SHARED = [...READ_ONLY, 'website', 'lifecyclestage', 'address', 'city', 'state', 'zip', 'country']

/** A kind's facts; it knows the shared properties, its defaults, its searchable ones and `more`. */
const kindInfo = ({ more, ...info }: Omit<KindInfo, 'known'> & { more: string[] }): KindInfo => ({
  ...info,
  known: new Set([...SHARED, ...info.defaults, ...info.searchable, ...more]),
})

export const KINDS: Record<ObjectKind, KindInfo> = {
  contact: kindInfo({
    plural: 'contacts',
    typeId: '0-1',
    modified: 'lastmodifieddate',
    defaults: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
    searchable: ['firstname', 'lastname', 'email', 'phone', 'company', 'hs_additional_emails'],
    more: ['mobilephone', 'jobtitle', 'hs_lead_status', 'notes_last_updated'],
    scopes: { read: 'crm.objects.contacts.read', write: 'crm.objects.contacts.write' },
  }),
  company: kindInfo({
    plural: 'companies',
    typeId: '0-2',
    modified: 'hs_lastmodifieddate',
    defaults: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
    searchable: ['name', 'domain', 'website', 'phone'],
    more: ['industry', 'description', 'numberofemployees', 'annualrevenue'],
    scopes: { read: 'crm.objects.companies.read', write: 'crm.objects.companies.write' },
  }),
}

export const READ_ONLY_PROPERTIES: ReadonlySet<string> = new Set(READ_ONLY)

/** `contacts`, `contact`, `0-1` → `contact` (HubSpot accepts each form in paths). */
export function kindOf(name: string): ObjectKind | undefined {
  const lower = name.toLowerCase()
  if (lower === 'contacts' || lower === 'contact' || lower === '0-1') return 'contact'
  if (lower === 'companies' || lower === 'company' || lower === '0-2') return 'company'
  return undefined
}

/** A stored CRM object: every property it has, as HubSpot keeps them (strings). */
export interface CrmObject {
  id: string
  properties: Record<string, string | null>
  createdAt: string
  updatedAt: string
  archived: boolean
  archivedAt?: string
}

/** The object as an answer shows it: only the asked-for properties (unset ones as null), or the defaults. */
export function publicObject(kind: ObjectKind, object: CrmObject, asked: readonly string[] | null) {
  // Asked-for properties come with the three HubSpot always adds; unset ones are null.
  const names =
    asked && asked.length > 0
      ? [...new Set([...asked, 'createdate', 'hs_object_id', KINDS[kind].modified])].sort()
      : KINDS[kind].defaults.filter((n) => n in object.properties)
  const properties = Object.fromEntries(names.map((n) => [n, object.properties[n] ?? null]))
  return {
    id: object.id,
    properties,
    createdAt: object.createdAt,
    updatedAt: object.updatedAt,
    archived: object.archived,
    ...(object.archivedAt && { archivedAt: object.archivedAt }),
  }
}

/** What create and update answer with: every property set on the object. */
export const fullObject = (object: CrmObject) => ({
  id: object.id,
  properties: Object.fromEntries(Object.entries(object.properties).sort(([a], [b]) => a.localeCompare(b))),
  createdAt: object.createdAt,
  updatedAt: object.updatedAt,
  archived: object.archived,
})

/** HubSpot-defined association types between contacts and companies, by direction. */
export const ASSOCIATION_TYPES = {
  'contact:company': { primary: 1, unlabeled: 279, name: 'contact_to_company' },
  'company:contact': { primary: 2, unlabeled: 280, name: 'company_to_contact' },
} as const

export type Direction = keyof typeof ASSOCIATION_TYPES

/** One association type on a pair, as v4 lists it. */
export interface AssociationType {
  category: 'HUBSPOT_DEFINED'
  typeId: number
  label: string | null
}

/** The types of one direction, and the same types seen from the other end. */
export function associationType(direction: Direction, typeId: number): AssociationType | undefined {
  const t = ASSOCIATION_TYPES[direction]
  if (typeId === t.primary) return { category: 'HUBSPOT_DEFINED', typeId, label: 'Primary' }
  if (typeId === t.unlabeled) return { category: 'HUBSPOT_DEFINED', typeId, label: null }
  return undefined
}

export function reverseType(direction: Direction, typeId: number): number {
  const t = ASSOCIATION_TYPES[direction]
  const back = ASSOCIATION_TYPES[direction === 'contact:company' ? 'company:contact' : 'contact:company']
  return typeId === t.primary ? back.primary : back.unlabeled
}

/** An association as stored, per direction: the other object and the types between them. */
export interface StoredAssociation {
  toObjectId: string
  associationTypes: AssociationType[]
}

/** The other kind: contacts associate with companies and back. */
export const otherKind = (kind: ObjectKind): ObjectKind => (kind === 'contact' ? 'company' : 'contact')
/** The direction from a kind to the other one. */
export const directionFrom = (kind: ObjectKind): Direction =>
  kind === 'contact' ? 'contact:company' : 'company:contact'
