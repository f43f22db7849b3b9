import { randomBytes } from 'node:crypto'
import type { ProxyAnswer } from '../../proxy/answerers.js'

const DOCS = 'https://docs.github.com/rest'
export const RATE_LIMIT = 5000

/** The headers api.github.com puts on every JSON answer. */
export function githubHeaders(nowMs: number, scopes: readonly string[]): Array<[string, string]> {
  return [
    ['content-type', 'application/json; charset=utf-8'],
    ['x-github-media-type', 'github.v3; format=json'],
    ['x-github-api-version-selected', '2022-11-28'],
    ['x-oauth-scopes', scopes.join(', ')],
    ['x-ratelimit-limit', String(RATE_LIMIT)],
    ['x-ratelimit-remaining', String(RATE_LIMIT - 1)],
    ['x-ratelimit-reset', String(Math.floor(nowMs / 1000) + 3600)],
    ['x-ratelimit-used', '1'],
    ['x-ratelimit-resource', 'core'],
    ['x-github-request-id', randomBytes(8).toString('hex').toUpperCase()],
  ]
}

export const answer = (
  status: number,
  body: string | null,
  headers: Array<[string, string]>,
): ProxyAnswer => ({
  status,
  headers: body === null ? headers.filter(([n]) => n !== 'content-type') : headers,
  body: body === null ? null : Buffer.from(body),
  mode: 'simulated',
})

/** GitHub's error body: `{message, documentation_url, status}` (and `errors[]` for 422). */
export const errorBody = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  docs = DOCS,
) => JSON.stringify({ message, ...extra, documentation_url: docs, status: String(status) })

export const githubError = (
  status: number,
  message: string,
  headers: Array<[string, string]>,
  extra: Record<string, unknown> = {},
  docs = DOCS,
) => answer(status, errorBody(status, message, extra, docs), headers)

/** A 422 Validation Failed with GitHub's `errors[]` entries. */
export const validationFailed = (
  headers: Array<[string, string]>,
  resource: string,
  field: string,
  code: 'missing_field' | 'invalid' | 'already_exists' | 'custom',
  message?: string,
) =>
  githubError(422, 'Validation Failed', headers, {
    errors: [{ resource, code, field, ...(message && { message }) }],
  })

/** `per_page` (1-100, default 30) and `page` (from 1), as GitHub reads them (bad values fall back). */
export function pageOf(query: URLSearchParams) {
  const perPage = Number.parseInt(query.get('per_page') ?? '', 10)
  const page = Number.parseInt(query.get('page') ?? '', 10)
  return {
    perPage: Number.isFinite(perPage) && perPage > 0 ? Math.min(perPage, 100) : 30,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

/** GitHub's `Link` header (next, last, first, prev), with URLs under `base` (the proxy path). */
export function linkHeader(
  base: string,
  query: URLSearchParams,
  page: number,
  perPage: number,
  total: number,
) {
  const last = Math.max(1, Math.ceil(total / perPage))
  const at = (n: number) => {
    const q = new URLSearchParams(query)
    q.set('per_page', String(perPage))
    q.set('page', String(n))
    return `<${base}?${q.toString()}>`
  }
  const links: string[] = []
  if (page > 1) links.push(`${at(page - 1)}; rel="prev"`)
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`)
  if (page > 1) links.push(`${at(1)}; rel="first"`)
  return links.join(', ')
}
