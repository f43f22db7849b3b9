import type { ProxyAnswer } from '../../proxy/answerer.js'
import { isAnswer, jsonBodyOf } from '../kit/http.js'
import { CLOSED_STAGES, fieldNameOf, fieldsOf, type SObjectType, sobjectTypeOf } from './describe.js'
import {
  type Ctx,
  fail,
  load,
  newId,
  notFound,
  ok,
  type SRecord,
  save,
  shown,
  timestampOf,
} from './records.js'
import { looksLikeId, numOf } from './state.js'

type Fields = Record<string, unknown>

const typeOfPath = (ctx: Ctx) => sobjectTypeOf(ctx.params.sobject ?? '')

/** The call's JSON object body, or Salesforce's `JSON_PARSER_ERROR`. */
function bodyOf(ctx: Ctx): Fields | ProxyAnswer {
  return jsonBodyOf<Fields>(
    ctx.call,
    (p) =>
      fail(ctx, 400, {
        message:
          p.kind === 'malformed'
            ? `Unexpected character in the JSON body: ${p.detail}`
            : 'The request body must be a JSON object of field values.',
        errorCode: 'JSON_PARSER_ERROR',
      }),
    { objectOnly: true },
  )
}

const parserError = (ctx: Ctx, type: string, value: unknown) =>
  fail(ctx, 400, {
    message: `Cannot deserialize instance of ${type} from ${typeof value === 'string' ? 'VALUE_STRING' : 'VALUE'} value ${JSON.stringify(value)} or request may be missing a required field`,
    errorCode: 'JSON_PARSER_ERROR',
  })

/**
 * The body's field values checked against the object's fields, in their canonical names: an
 * unknown field is `INVALID_FIELD`, a platform field `INVALID_FIELD_FOR_INSERT_UPDATE`, a value of
 * the wrong type `JSON_PARSER_ERROR`, a lookup to no record `INVALID_CROSS_REFERENCE_KEY`.
 */
function valuesOf(ctx: Ctx, type: SObjectType, body: Fields): Fields | ProxyAnswer {
  const defs = fieldsOf(type)
  const out: Fields = {}
  for (const [raw, value] of Object.entries(body)) {
    if (raw === 'attributes') continue
    const name = fieldNameOf(type, raw)
    if (!name)
      return fail(ctx, 400, {
        message: `No such column '${raw}' on sobject of type ${type}`,
        errorCode: 'INVALID_FIELD',
        fields: [],
      })
    const def = defs[name]!
    if (def.readOnly)
      return fail(ctx, 400, {
        message: `Unable to create/update fields: ${name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        fields: [name],
      })
    if (value === null || value === '') {
      out[name] = null
      continue
    }
    if (typeof value === 'object' || typeof value === 'boolean') return parserError(ctx, def.type, value)
    if (def.type === 'double' || def.type === 'int') {
      const n = Number(value)
      if (!Number.isFinite(n) || (def.type === 'int' && !Number.isInteger(n)))
        return parserError(ctx, def.type, value)
      out[name] = n
    } else if (def.type === 'date') {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
        return parserError(ctx, 'date', value)
      out[name] = value
    } else if (def.type === 'reference') {
      const id = String(value)
      if (!looksLikeId(id) || numOf(ctx.state, def.to!, id) === undefined)
        return fail(ctx, 400, {
          message: `${def.to} ID: id value of incorrect type: ${id}`,
          errorCode: 'FIELD_INTEGRITY_EXCEPTION',
          fields: [name],
        })
      const target = load(ctx, def.to!, id)
      if (!target || target.IsDeleted)
        return fail(ctx, 400, {
          message: 'invalid cross reference id',
          errorCode: 'INVALID_CROSS_REFERENCE_KEY',
          fields: [name],
        })
      out[name] = target.Id
    } else out[name] = String(value)
  }
  return out
}

/** The fields the platform computes from the others (a contact's Name, an opportunity's IsClosed). */
function derived(type: SObjectType, record: SRecord): SRecord {
  if (type === 'Contact')
    return { ...record, Name: [record.FirstName, record.LastName].filter(Boolean).join(' ') }
  if (type === 'Opportunity') {
    const stage = String(record.StageName)
    return { ...record, IsClosed: stage in CLOSED_STAGES, IsWon: CLOSED_STAGES[stage] ?? false }
  }
  return record
}

const missingRequired = (ctx: Ctx, type: SObjectType, record: Fields) => {
  const missing = Object.entries(fieldsOf(type))
    .filter(([name, def]) => def.required && (record[name] === undefined || record[name] === null))
    .map(([name]) => name)
  return missing.length === 0
    ? undefined
    : fail(ctx, 400, {
        message: `Required fields are missing: [${missing.join(', ')}]`,
        errorCode: 'REQUIRED_FIELD_MISSING',
        fields: missing,
      })
}

/** `POST /sobjects/{type}`: 201 `{id, success, errors}`. */
export function createRecord(ctx: Ctx): ProxyAnswer {
  const type = typeOfPath(ctx)
  if (!type) return notFound(ctx)
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const values = valuesOf(ctx, type, body)
  if (isAnswer(values)) return values
  const refused = missingRequired(ctx, type, values)
  if (refused) return refused
  const now = timestampOf(ctx.nowMs)
  const blank = Object.fromEntries(Object.keys(fieldsOf(type)).map((f) => [f, null]))
  const { id } = newId(ctx, type)
  const record = derived(type, {
    ...blank,
    ...values,
    Id: id,
    IsDeleted: false,
    CreatedDate: now,
    LastModifiedDate: now,
    SystemModstamp: now,
  })
  save(ctx, type, record)
  return ok(ctx, { id, success: true, errors: [] }, 201)
}

/** The record a path names, or Salesforce's answer for a deleted or unknown one. */
function recordOfPath(ctx: Ctx, type: SObjectType): SRecord | ProxyAnswer {
  const id = ctx.params.id!
  if (!looksLikeId(id))
    return fail(ctx, 404, {
      message: `Provided external ID field does not exist or is not accessible: ${id}`,
      errorCode: 'NOT_FOUND',
    })
  const record = load(ctx, type, id)
  if (!record) return notFound(ctx)
  if (record.IsDeleted)
    return fail(ctx, 404, { message: 'entity is deleted', errorCode: 'ENTITY_IS_DELETED' })
  return record
}

/** `GET /sobjects/{type}/{id}`: every field, or those of `?fields=A,B`. */
export function retrieveRecord(ctx: Ctx): ProxyAnswer {
  const type = typeOfPath(ctx)
  if (!type) return notFound(ctx)
  const record = recordOfPath(ctx, type)
  if (isAnswer(record)) return record
  const asked = new URLSearchParams(ctx.call.query).get('fields')
  if (asked === null) return ok(ctx, shown(ctx, type, record))
  const fields: string[] = []
  for (const raw of asked
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)) {
    const name = fieldNameOf(type, raw)
    if (!name)
      return fail(ctx, 400, {
        message: `No such column '${raw}' on entity '${type}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
        errorCode: 'INVALID_FIELD',
      })
    fields.push(name)
  }
  return ok(ctx, shown(ctx, type, record, ['Id', ...fields.filter((f) => f !== 'Id')]))
}

/** `PATCH /sobjects/{type}/{id}`: sets the given fields; 204. */
export function updateRecord(ctx: Ctx): ProxyAnswer {
  const type = typeOfPath(ctx)
  if (!type) return notFound(ctx)
  const record = recordOfPath(ctx, type)
  if (isAnswer(record)) return record
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const values = valuesOf(ctx, type, body)
  if (isAnswer(values)) return values
  const next = { ...record, ...values }
  const refused = missingRequired(ctx, type, next)
  if (refused) return refused
  const now = timestampOf(ctx.nowMs)
  save(ctx, type, derived(type, { ...next, LastModifiedDate: now, SystemModstamp: now }))
  return ok(ctx, null, 204)
}

/** `DELETE /sobjects/{type}/{id}`: to the recycle bin (queries no longer see it); 204. */
export function destroyRecord(ctx: Ctx): ProxyAnswer {
  const type = typeOfPath(ctx)
  if (!type) return notFound(ctx)
  const record = recordOfPath(ctx, type)
  if (isAnswer(record)) return record
  const now = timestampOf(ctx.nowMs)
  save(ctx, type, { ...record, IsDeleted: true, LastModifiedDate: now, SystemModstamp: now })
  return ok(ctx, null, 204)
}
