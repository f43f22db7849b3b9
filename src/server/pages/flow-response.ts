import type { MiddlewareHandler } from 'hono'
import { AppError, ERROR_CODES, type ErrorCode } from '../../core/errors.js'
import { problemResponse } from '../middleware/problem.js'
import { FLOW_HEADERS, wantsHtml } from './page.js'
import { problemPage } from './result.page.js'

/** A redirect that is never cached and never leaks the URL it came from. */
export const flowRedirect = (url: string, status: 302 | 303 = 302): Response =>
  new Response(null, { status, headers: { location: url, ...FLOW_HEADERS } })

/** Page headings for the ends a browser user meets most; other codes use their problem title. */
const PAGE_TITLES: Partial<Record<ErrorCode, string>> = {
  conflict: 'This link has already been used',
  session_expired: 'This link has expired',
  invalid_state: 'This sign-in cannot be completed',
  not_found: 'This link does not exist',
}

/** An AppError as a page for browsers and as problem+json for everything else. */
export function flowProblem(err: unknown, accept: string | undefined, path: string): Response {
  if (!(err instanceof AppError)) throw err
  const res = wantsHtml(accept)
    ? problemPage({
        status: err.status,
        title: PAGE_TITLES[err.code] ?? ERROR_CODES[err.code].title,
        detail: err.detail,
      })
    : problemResponse(err, path)
  for (const [name, value] of Object.entries(FLOW_HEADERS)) res.headers.set(name, value)
  return res
}

/** Adds the flow headers to whatever a flow path answers, validation errors included. */
export const flowHeaders = (): MiddlewareHandler => async (c, next) => {
  await next()
  for (const [name, value] of Object.entries(FLOW_HEADERS)) c.res.headers.set(name, value)
}
