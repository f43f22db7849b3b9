import { AppError } from '../errors.js'
import type { ProxyCall } from '../proxy/answerer.js'

/** Limits on a request body a template reads: past any of them the call is a 400, never a slow or deep walk. */
export const FORM_LIMITS = { fields: 1_000, depth: 20, arrayItems: 1_000 } as const
/** How deep a JSON body a template may read (objects and arrays within each other). */
export const MAX_BODY_DEPTH = 64

const tooMuch = (detail: string) => new AppError('invalid_request', `The request body ${detail}.`)

/** A parsed form's object (no prototype, so no field name can reach one) and how many keys it has. */
interface FormNode {
  fields: Record<string, unknown>
  size: number
}
const newNode = (): FormNode => ({ fields: Object.create(null), size: 0 })

/** `a[b][]` → `['a', 'b', '']`; a name that is not of that shape is one key as it is. */
function keysOf(name: string): string[] {
  const open = name.indexOf('[')
  if (open <= 0 || !name.endsWith(']')) return [name]
  const keys = [name.slice(0, open)]
  if (keys[0]!.includes(']')) return [name]
  let at = open
  while (at < name.length) {
    if (name[at] !== '[') return [name]
    const close = name.indexOf(']', at)
    const key = name.slice(at + 1, close)
    if (key.includes('[')) return [name]
    keys.push(key)
    at = close + 1
  }
  return keys
}

/**
 * A form body's fields, with bracketed names nested as Stripe and Rails send them
 * (`metadata[plan]=pro` → `body.metadata.plan`; `tags[]=a` → `body.tags.0`), in one pass: at most
 * 1,000 fields, 20 levels of brackets and 1,000 items appended with `[]` to one field.
 */
export function parseForm(text: string): Record<string, unknown> {
  const root = newNode()
  // The nodes by their objects: `[]` appends at the node's key count, kept here rather than
  // recounted (Object.keys per field made a long `a[]=1&a[]=2…` quadratic).
  const nodeOf = new WeakMap<object, FormNode>([[root.fields, root]])
  let fields = 0
  for (const [name, value] of new URLSearchParams(text)) {
    if (++fields > FORM_LIMITS.fields) throw tooMuch(`has more than ${FORM_LIMITS.fields} form fields`)
    const keys = keysOf(name)
    if (keys.length - 1 > FORM_LIMITS.depth) {
      throw tooMuch(`nests a form field more than ${FORM_LIMITS.depth} brackets deep`)
    }
    let node = root
    for (const [i, key] of keys.entries()) {
      if (key === '' && node.size >= FORM_LIMITS.arrayItems) {
        throw tooMuch(`has more than ${FORM_LIMITS.arrayItems} items in one form field`)
      }
      const slot = key === '' ? String(node.size) : key
      if (!Object.hasOwn(node.fields, slot)) node.size++
      if (i === keys.length - 1) {
        node.fields[slot] = value
        continue
      }
      const existing = node.fields[slot]
      let next = existing && typeof existing === 'object' ? nodeOf.get(existing) : undefined
      if (!next) {
        next = newNode()
        nodeOf.set(next.fields, next)
        node.fields[slot] = next.fields
      }
      node = next
    }
  }
  return root.fields
}

/** Refuses a JSON value nested deeper than MAX_BODY_DEPTH (walked with a stack of its own, not recursion). */
function assertShallow(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number]
    if (!node || typeof node !== 'object') continue
    if (depth >= MAX_BODY_DEPTH) throw tooMuch(`is nested more than ${MAX_BODY_DEPTH} levels deep`)
    for (const child of Object.values(node))
      if (child && typeof child === 'object') stack.push([child, depth + 1])
  }
}

/** The body a template reads: a form's fields, or JSON no deeper than MAX_BODY_DEPTH; undefined when neither. */
export function parseBody(call: ProxyCall): unknown {
  if (call.body.length === 0) return undefined
  const type = call.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  const text = call.body.toString('utf8')
  if (/application\/x-www-form-urlencoded/i.test(type)) return parseForm(text)
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    return undefined
  }
  assertShallow(value)
  return value
}
