import type { MiddlewareHandler } from 'hono'
import type { FieldError } from '../../core/errors.js'
import { pointerOf } from '../../core/errors.js'
import { invalidInput } from './validation.js'

/** SERVICE-SPEC 4.2: "An empty body returns the first page". A JSON content type with no bytes counts as `{}`. */
export const emptyJsonBodyIsEmptyObject = (): MiddlewareHandler => async (c, next) => {
  if (c.req.header('content-length') === '0' && /json/i.test(c.req.header('content-type') ?? '')) {
    c.req.raw = new Request(c.req.raw, { body: '{}' })
  }
  return next()
}

/** Names JSON keeps as own keys but a JavaScript object cannot hold as data. */
const RESERVED_KEYS = new Set(['__proto__'])

/** Every own key of a parsed JSON value that is a reserved name, as field errors. */
export function reservedKeyErrors(value: unknown, path: Array<string | number> = []): FieldError[] {
  if (value === null || typeof value !== 'object') return []
  const found: FieldError[] = []
  for (const key of Object.keys(value)) {
    const here = [...path, Array.isArray(value) ? Number(key) : key]
    if (RESERVED_KEYS.has(key)) {
      found.push({ pointer: pointerOf(here), detail: `'${key}' is a reserved name, not a field` })
    } else {
      found.push(...reservedKeyErrors((value as Record<string, unknown>)[key], here))
    }
  }
  return found
}

/** Whether a JSON text could spell a reserved key (literally or through a `\u` escape). */
export const mayNameReservedKey = (text: string): boolean =>
  text.includes('__proto__') || text.includes('\\u')

/**
 * Refuses a JSON body whose keys name `__proto__` anywhere, for bodies in which every key names
 * something (a search: fields, operators). zod drops such a key from records and loose objects
 * without a word, so a filter on it vanished and the search answered 200. Strict objects already
 * report it as an unknown field; free-form data (a trigger's `data`) keeps dropping it, since it
 * can never be held there. Only a body that could spell the name (literally or with a \u escape)
 * is parsed here; malformed JSON is left to the validator to report.
 */
export const rejectReservedKeys = (): MiddlewareHandler => async (c, next) => {
  if (!/json/i.test(c.req.header('content-type') ?? '')) return next()
  const text = await c.req.text()
  if (!mayNameReservedKey(text)) return next()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return next()
  }
  const errors = reservedKeyErrors(body)
  if (errors.length) throw invalidInput('json', errors)
  return next()
}
