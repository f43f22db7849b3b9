import type { Context, Hono } from 'hono'
import { AppError } from '../../core/errors.js'
import { problemResponse } from './problem.js'

interface CompiledRoute {
  method: string
  pattern: RegExp
}

const compile = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  )

/**
 * 404 for a path no route serves; 405 with `Allow` when the path exists under other methods.
 * The route list is read from the app itself, so it never drifts from what is served.
 */
export function createNotFoundHandler(app: Hono<never>) {
  let routes: CompiledRoute[] | undefined
  return (c: Context): Response => {
    routes ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method.toUpperCase(), pattern: compile(r.path) }))
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))]
    if (allowed.length > 0) {
      if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD')
      return problemResponse(
        new AppError(
          'method_not_allowed',
          `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}.`,
          {
            headers: { allow: allowed.join(', ') },
          },
        ),
        c.req.path,
      )
    }
    return problemResponse(
      new AppError('not_found', `No endpoint at ${c.req.method} ${c.req.path}.`),
      c.req.path,
    )
  }
}
