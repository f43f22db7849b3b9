import { randomUUID } from 'node:crypto'

/**
 * The mock route template language: text with `{{ expression }}` placeholders, nothing more (no
 * code, no loops, no prototype access). An expression is a value or a helper:
 * - `params.NAME` (path parameter, `params.wildcard` for a trailing `*`), `query.NAME` (first
 *   value), `headers.NAME` (case-insensitive; credential headers read `[redacted]`),
 *   `body.a.b.0` (the request's JSON body, or a form body's fields, `a[b]=1` nested), `method`, `path`;
 * - `now` (ISO 8601 time), `timestamp` (Unix seconds), `uuid` (a random UUID v4);
 * - `json EXPR`: the value as JSON (`null` when absent), to place objects, numbers or arrays.
 * A missing value is empty. `\{{` writes a literal `{{`.
 */
export type TemplatePart =
  | string
  | { root: 'params' | 'query' | 'headers' | 'body'; path: string[]; json: boolean }
  | { helper: 'now' | 'timestamp' | 'uuid' | 'method' | 'path' }

/** What a placeholder can read, for one request. */
export interface TemplateContext {
  params: Record<string, string>
  query: string
  /** Credential headers already redacted. */
  headers: ReadonlyArray<[string, string]>
  /** The request body, parsed lazily (JSON, or a form's fields); undefined when neither. */
  body: () => unknown
  method: string
  path: string
  nowMs: number
}

const HELPERS = new Set(['now', 'timestamp', 'uuid', 'method', 'path'])
const ROOTS = new Set(['params', 'query', 'headers', 'body'])
const SEGMENT = /^[A-Za-z0-9_$-]+$/
export const MAX_TEMPLATE = 256 * 1024

function parseExpression(source: string): TemplatePart | string {
  let text = source.trim()
  let json = false
  if (text.startsWith('json ')) {
    json = true
    text = text.slice(5).trim()
  }
  if (text === '') return 'an empty placeholder'
  if (!json && HELPERS.has(text)) return { helper: text as 'now' }
  const [root, ...path] = text.split('.')
  if (!root || !ROOTS.has(root)) {
    return `unknown placeholder '{{${source.trim()}}}' (use params.X, query.X, headers.X, body.X, json …, now, timestamp, uuid, method or path)`
  }
  if (path.some((p) => !SEGMENT.test(p))) return `'{{${source.trim()}}}' has an empty or invalid name`
  if (root !== 'body' && path.length !== 1)
    return `'{{${source.trim()}}}' takes exactly one name after '${root}.'`
  return { root: root as 'body', path, json }
}

/** Parses a template; a string is the reason it is not one (where and what). */
export function parseTemplate(template: string): TemplatePart[] | string {
  const parts: TemplatePart[] = []
  let text = ''
  let i = 0
  while (i < template.length) {
    if (template.startsWith('\\{{', i)) {
      text += '{{'
      i += 3
      continue
    }
    if (!template.startsWith('{{', i)) {
      text += template[i]
      i++
      continue
    }
    const end = template.indexOf('}}', i + 2)
    if (end === -1) return `'{{' at offset ${i} is never closed with '}}' (write '\\{{' for a literal '{{')`
    const part = parseExpression(template.slice(i + 2, end))
    if (typeof part === 'string') return `${part} at offset ${i}`
    if (text) parts.push(text)
    text = ''
    parts.push(part)
    i = end + 2
  }
  if (text) parts.push(text)
  return parts
}

const own = (value: unknown, key: string): unknown => {
  if (Array.isArray(value)) return /^\d+$/.test(key) ? value[Number(key)] : undefined
  if (value && typeof value === 'object' && Object.hasOwn(value, key)) {
    return (value as Record<string, unknown>)[key]
  }
  return undefined
}

function lookup(part: Extract<TemplatePart, { root: string }>, ctx: TemplateContext): unknown {
  const [name = ''] = part.path
  switch (part.root) {
    case 'params':
      return Object.hasOwn(ctx.params, name) ? ctx.params[name] : undefined
    case 'query':
      return new URLSearchParams(ctx.query).get(name) ?? undefined
    case 'headers': {
      const lower = name.toLowerCase()
      const values = ctx.headers.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v)
      return values.length ? values.join(', ') : undefined
    }
    case 'body':
      return part.path.reduce<unknown>((value, key) => own(value, key), ctx.body())
  }
}

const text = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)

/**
 * Renders a parsed template. `escapeValue` is applied to each substituted value except `json …` ones
 * (never to the template's own text): JSON-string escaping for JSON bodies.
 */
export function renderTemplate(
  parts: readonly TemplatePart[],
  ctx: TemplateContext,
  escapeValue: (value: string) => string,
): string {
  let out = ''
  for (const part of parts) {
    if (typeof part === 'string') out += part
    else if ('helper' in part) {
      out += escapeValue(
        part.helper === 'now'
          ? new Date(ctx.nowMs).toISOString()
          : part.helper === 'timestamp'
            ? String(Math.floor(ctx.nowMs / 1000))
            : part.helper === 'uuid'
              ? randomUUID()
              : ctx[part.helper],
      )
    } else {
      const value = lookup(part, ctx)
      // `json` output is JSON text already: it is placed as it is, outside any string literal.
      out += part.json ? JSON.stringify(value ?? null) : escapeValue(text(value))
    }
  }
  return out
}

/** Escapes a value for the inside of a JSON string literal. */
export const jsonStringEscape = (value: string): string => JSON.stringify(value).slice(1, -1)
