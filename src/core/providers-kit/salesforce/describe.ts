/** A field's type, as the REST API checks a value written to it. */
export type FieldType = 'string' | 'double' | 'int' | 'boolean' | 'date' | 'reference' | 'datetime' | 'id'

export interface FieldDef {
  type: FieldType
  /** Must have a value on insert, and may not be cleared. */
  required?: boolean
  /** Set by the platform: refused in a create or update body. */
  readOnly?: boolean
  /** For a reference: the object it points at. */
  to?: 'Account'
}

const SYSTEM: Record<string, FieldDef> = {
  Id: { type: 'id', readOnly: true },
  IsDeleted: { type: 'boolean', readOnly: true },
  CreatedDate: { type: 'datetime', readOnly: true },
  LastModifiedDate: { type: 'datetime', readOnly: true },
  SystemModstamp: { type: 'datetime', readOnly: true },
}

/** The standard objects the simulated org has, and the fields of each it keeps. */
export const SOBJECTS = {
  Account: {
    ...SYSTEM,
    Name: { type: 'string', required: true },
    Type: { type: 'string' },
    Industry: { type: 'string' },
    Phone: { type: 'string' },
    Website: { type: 'string' },
    BillingCity: { type: 'string' },
    BillingCountry: { type: 'string' },
    AnnualRevenue: { type: 'double' },
    NumberOfEmployees: { type: 'int' },
    Description: { type: 'string' },
  },
  Contact: {
    ...SYSTEM,
    FirstName: { type: 'string' },
    LastName: { type: 'string', required: true },
    Name: { type: 'string', readOnly: true },
    Email: { type: 'string' },
    Phone: { type: 'string' },
    Title: { type: 'string' },
    Department: { type: 'string' },
    AccountId: { type: 'reference', to: 'Account' },
    Description: { type: 'string' },
  },
  Opportunity: {
    ...SYSTEM,
    Name: { type: 'string', required: true },
    StageName: { type: 'string', required: true },
    CloseDate: { type: 'date', required: true },
    Amount: { type: 'double' },
    Probability: { type: 'double' },
    IsClosed: { type: 'boolean', readOnly: true },
    IsWon: { type: 'boolean', readOnly: true },
    AccountId: { type: 'reference', to: 'Account' },
    Type: { type: 'string' },
    Description: { type: 'string' },
  },
} satisfies Record<string, Record<string, FieldDef>>

export type SObjectType = keyof typeof SOBJECTS
export const SOBJECT_TYPES = Object.keys(SOBJECTS) as SObjectType[]

/** The object type a name in a path or query means (SOQL names are case-insensitive). */
export const sobjectTypeOf = (name: string, caseInsensitive = false): SObjectType | undefined =>
  SOBJECT_TYPES.find((t) => (caseInsensitive ? t.toLowerCase() === name.toLowerCase() : t === name))

export const fieldsOf = (type: SObjectType): Record<string, FieldDef> => SOBJECTS[type]

/** A field's canonical name for a name written in any case; undefined when the object has none. */
export const fieldNameOf = (type: SObjectType, name: string): string | undefined =>
  Object.keys(SOBJECTS[type]).find((f) => f.toLowerCase() === name.toLowerCase())

/** Stages that close an opportunity, and whether they win it. */
export const CLOSED_STAGES: Record<string, boolean> = { 'Closed Won': true, 'Closed Lost': false }
