import type { Clock } from '../common/clock.js'
import type { Answerer } from '../proxy/answerer.js'
import { redactRequestHeaders } from '../proxy/redact.js'
import type { MockRouteRow, MockRoutesRepo } from './mock-routes.repo.js'
import { MAX_MOCK_ROUTES, NO_BODY_STATUSES } from './mock-routes.schema.js'
import { compareSpecificity, matchPath, type PathPattern, parsePathPattern } from './path-pattern.js'
import { parseBody } from './request-body.js'
import {
  jsonStringEscape,
  parseTemplate,
  renderTemplate,
  type TemplateContext,
  type TemplatePart,
} from './template.js'

interface Compiled {
  row: MockRouteRow
  pattern: PathPattern
  headers: Array<[string, TemplatePart[]]>
  body: TemplatePart[]
  json: boolean
}

/** Whether a route's answer is JSON (so substituted values are JSON-string escaped). */
const contentTypeOf = (headers: Record<string, string>, body: string): string | undefined => {
  const given = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  if (given !== undefined) return given
  if (body === '') return undefined
  return /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain; charset=utf-8'
}
const isJson = (contentType: string | undefined) => !!contentType && /[/+]json\b/i.test(contentType)

/** Substituted header values keep visible Latin-1 text only (no line breaks: no header injection). */
const headerSafe = (value: string) => value.replace(/[^\t\u0020-\u007e\u00a0-\u00ff]/g, '')

/** Descending, by code unit (timestamps and ids are ASCII; no locale rules). */
const descending = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0)

/** Most specific pattern first, then an exact method over `*`, then the newest. */
const byPrecedence = (a: Compiled, b: Compiled) =>
  compareSpecificity(a.pattern, b.pattern) ||
  Number(a.row.method === '*') - Number(b.row.method === '*') ||
  descending(a.row.created_at, b.row.created_at) ||
  descending(a.row.id, b.row.id)

/**
 * The proxy answerer of mock routes: among the workspace's enabled routes for the connection's
 * provider whose method (or `*`) and pattern match, the most specific answers (literal over
 * parameter over wildcard, then exact method over `*`, then the newest), its templates rendered
 * with the request. Passes (undefined) when none matches.
 */
export function createMockRoutesAnswerer(deps: { repo: MockRoutesRepo; clock: Clock }): Answerer {
  const { repo, clock } = deps
  // Parsed patterns and templates, keyed by their text (not by id and time: two changes within one
  // millisecond must not answer with the first); the rest of the route is read fresh each call.
  const compiled = new Map<string, Omit<Compiled, 'row'>>()
  const compile = (row: MockRouteRow): Compiled | undefined => {
    // A 1xx status (an older version let it through) is no final answer: skipped, not sent.
    if (row.status < 200) return undefined
    const key = `${row.path}\0${row.headers}\0${row.body}`
    const hit = compiled.get(key)
    if (hit) return { ...hit, row }
    const headers = JSON.parse(row.headers) as Record<string, string>
    const pattern = parsePathPattern(row.path)
    const body = parseTemplate(row.body)
    const headerParts = Object.entries(headers).map(([name, value]) => [name, parseTemplate(value)] as const)
    // Stored routes were validated; one that no longer parses (a future syntax) is skipped, not fatal.
    if (typeof pattern === 'string' || typeof body === 'string') return undefined
    if (headerParts.some(([, parts]) => typeof parts === 'string')) return undefined
    if (compiled.size >= 2 * MAX_MOCK_ROUTES) compiled.clear()
    const entry = {
      pattern,
      headers: headerParts as Array<[string, TemplatePart[]]>,
      body,
      json: isJson(contentTypeOf(headers, row.body)),
    }
    compiled.set(key, entry)
    return { ...entry, row }
  }

  const answer: Answerer['answer'] = (call) => {
    const matches: Array<{ route: Compiled; params: Record<string, string> }> = []
    for (const row of repo.candidates(call.workspaceId, call.connection.provider, call.method)) {
      const route = compile(row)
      const params = route && matchPath(route.pattern, call.path)
      if (route && params) matches.push({ route, params })
    }
    if (matches.length === 0) return undefined
    matches.sort((a, b) => byPrecedence(a.route, b.route))
    const { route, params } = matches[0] as (typeof matches)[number]
    let body: { value: unknown } | undefined
    const ctx: TemplateContext = {
      params,
      query: call.query,
      headers: redactRequestHeaders(call.headers),
      body: () => {
        body ??= { value: parseBody(call) }
        return body.value
      },
      method: call.method,
      path: call.path,
      nowMs: clock.now(),
    }
    const headers: Array<[string, string]> = route.headers.map(([name, parts]) => [
      name,
      headerSafe(renderTemplate(parts, ctx, (v) => v)),
    ])
    const text = renderTemplate(route.body, ctx, route.json ? jsonStringEscape : (v) => v)
    const contentType = contentTypeOf(Object.fromEntries(headers), route.row.body)
    if (contentType && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
      headers.push(['content-type', contentType])
    }
    const noBody = NO_BODY_STATUSES.has(route.row.status) || call.method === 'HEAD'
    return {
      status: route.row.status,
      headers,
      body: noBody ? null : new Uint8Array(Buffer.from(text, 'utf8')),
      mode: 'mock',
    }
  }

  return { name: 'mock route', answer }
}
