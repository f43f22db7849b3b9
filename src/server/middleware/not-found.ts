import type { Context, Hono, MiddlewareHandler } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { AppError } from '../../core/errors.js'
import type { AppEnv } from '../env.js'
import { problemResponse } from './problem.js'

interface CompiledRoute {
  method: string
  path: string
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

const isLiteral = (path: string) => !path.includes(':') && !path.includes('*')

/** The app's own routes (middleware aside), read once when the first request needs them. */
function routeTable(app: Hono<never>) {
  let routes: CompiledRoute[] | undefined
  return (): CompiledRoute[] =>
    (routes ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method.toUpperCase(), path: r.path, pattern: compile(r.path) })))
}

function methodNotAllowedProblem(c: Context, methods: readonly string[]): Response {
  const allowed = [...methods]
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

/** 404 for a path no route serves. */
export const notFound = (c: Context): Response =>
  problemResponse(new AppError('not_found', `No endpoint at ${c.req.method} ${c.req.path}.`), c.req.path)

/**
 * Hono's method-not-allowed: a 404 on a path the app serves under other methods becomes a 405 with
 * `Allow`, read from the app's own routes (so it never drifts from what is served), as problem+json.
 */
export const rejectOtherMethods = (app: Hono<AppEnv>): MiddlewareHandler<AppEnv> =>
  methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedProblem })

/**
 * A path spelled out literally by some route (`/api/connections/search`) belongs to that path's
 * routes alone: a parameterised route of another method (`GET /api/connections/{id}`) does not
 * take it as an id. Any other method there is a 405 with `Allow`, never a lookup of the resource
 * "search". Registered before the routes; the table of such paths is built on the first request.
 */
export function createLiteralPathGuard(app: Hono<never>): MiddlewareHandler {
  const routes = routeTable(app)
  let guarded: Map<string, string[]> | undefined
  const build = () => {
    const all = routes()
    const map = new Map<string, string[]>()
    for (const path of new Set(all.filter((r) => isLiteral(r.path)).map((r) => r.path))) {
      const own = [...new Set(all.filter((r) => r.path === path).map((r) => r.method))]
      const shadowed = all.some((r) => !isLiteral(r.path) && !own.includes(r.method) && r.pattern.test(path))
      if (shadowed) map.set(path, own)
    }
    return map
  }
  return async (c, next) => {
    guarded ??= build()
    const own = guarded.get(c.req.path)
    if (own && !own.includes(c.req.method) && !(c.req.method === 'HEAD' && own.includes('GET'))) {
      return methodNotAllowedProblem(c, own)
    }
    return next()
  }
}
