import type { ProxyCall } from '../../proxy/answerer.js'
import { contentTypeOf } from '../kit/http.js'

/** A method's arguments: query string first, then the body's (the body wins), untyped as sent. */
export type Args = Map<string, unknown>

/**
 * Reads the arguments as Slack does; an error code when the body cannot be read. Multipart bodies
 * are refused as `invalid_form_data`: none of the simulated methods takes a file.
 */
export function argsOf(call: ProxyCall): Args | string {
  const args: Args = new Map(new URLSearchParams(call.query))
  const text = call.body.toString('utf8')
  if (text.trim() === '') return args
  const type = contentTypeOf(call)
  if (type === 'application/json') {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return 'invalid_json'
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'json_not_object'
    for (const [key, v] of Object.entries(value)) args.set(key, v)
    return args
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'text/plain') {
    for (const [key, v] of new URLSearchParams(text)) args.set(key, v)
    return args
  }
  if (type === 'multipart/form-data') return 'invalid_form_data'
  return type === '' ? 'missing_post_type' : 'invalid_post_type'
}

/** An argument that is absent, or the wrong type (`invalid_arguments`). */
export class BadArgument {
  constructor(readonly message: string) {}
}

export function stringArg(args: Args, name: string): string | undefined | BadArgument {
  const v = args.get(name)
  if (v === undefined || v === null) return undefined
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  return new BadArgument(`[ERROR] must be a string [json-pointer:/${name}]`)
}

export function booleanArg(args: Args, name: string): boolean | undefined | BadArgument {
  const v = args.get(name)
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v === 'boolean') return v
  if (v === 'true' || v === '1' || v === 1) return true
  if (v === 'false' || v === '0' || v === 0) return false
  return new BadArgument(`[ERROR] must be a boolean [json-pointer:/${name}]`)
}

/** A JSON array argument (`blocks`, `attachments`): an array in JSON bodies, JSON text in forms. */
export function arrayArg(args: Args, name: string): unknown[] | undefined | BadArgument {
  const v = args.get(name)
  if (v === undefined || v === null || v === '') return undefined
  let value = v
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v)
    } catch {
      return new BadArgument(`[ERROR] failed to parse ${name} as JSON [json-pointer:/${name}]`)
    }
  }
  return Array.isArray(value) && value.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))
    ? value
    : new BadArgument(`[ERROR] must be an array of objects [json-pointer:/${name}]`)
}

/**
 * `limit`: absent or 0 gives the method's default, above the maximum is lowered to it (Slack
 * returns fewer items, never an error, for a large limit); anything but a whole number is refused.
 */
export function limitArg(args: Args, fallback: number, max: number): number | undefined {
  const v = args.get('limit')
  if (v === undefined || v === null || v === '') return fallback
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN
  if (!Number.isInteger(n) || n < 0) return undefined
  return n === 0 ? fallback : Math.min(n, max)
}
