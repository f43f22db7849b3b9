import {
  compareSpecificity,
  matchPath,
  type PathPattern,
  parsePathPattern,
} from '../../mock-routes/path-pattern.js'
import type { ProxyCall } from '../../proxy/answerer.js'
import type { Handler, Router } from './provider-kit.js'

/** One row of a provider's route table: method(s), path pattern (`:name` segments), handler. */
export type Route<State> = readonly [
  method: string | readonly string[],
  path: string,
  handler: Handler<State>,
]

/** What a path's parameters must look like for a row to match (a kind the provider knows, digits). */
export type ParamRules = Record<string, RegExp | ((value: string) => boolean)>

interface Row<State> {
  methods: readonly string[]
  pattern: PathPattern
  handler: Handler<State>
}

const passes = (rules: ParamRules, params: Record<string, string>) =>
  Object.entries(params).every(([name, value]) => {
    const rule = rules[name]
    return !rule || (typeof rule === 'function' ? rule(value) : rule.test(value))
  })

/**
 * A provider's router: the most specific path pattern that matches (a literal beats a parameter),
 * then the method. A path it knows with a method it does not, or no path at all, is undefined:
 * the next answerer (recordings) may answer it. The handler gets the path's parameters as `params`.
 */
export function routeTable<State>(
  routes: ReadonlyArray<Route<State>>,
  options: { params?: ParamRules; where?: (params: Record<string, string>) => boolean } = {},
): Router<State> {
  const rows: Array<Row<State>> = routes.map(([method, path, handler]) => {
    const pattern = parsePathPattern(path)
    if (typeof pattern === 'string') throw new Error(`route ${path}: ${pattern}`)
    return { methods: typeof method === 'string' ? [method] : method, pattern, handler }
  })
  const rules = options.params ?? {}
  const operations = routes.map(
    ([method, path]) => `${typeof method === 'string' ? method : method.join('|')} ${path}`,
  )
  const router = (call: Pick<ProxyCall, 'method' | 'path'>): Handler<State> | undefined => {
    let best: { row: Row<State>; params: Record<string, string> } | undefined
    const candidates: Array<{ row: Row<State>; params: Record<string, string> }> = []
    for (const row of rows) {
      const params = matchPath(row.pattern, call.path)
      if (!params || !passes(rules, params) || (options.where && !options.where(params))) continue
      candidates.push({ row, params })
    }
    for (const c of candidates) if (!best || compareSpecificity(c.row.pattern, best.row.pattern) < 0) best = c
    if (!best) return undefined
    const top = best.row.pattern
    const chosen = candidates.find(
      (c) => compareSpecificity(c.row.pattern, top) === 0 && c.row.methods.includes(call.method),
    )
    if (!chosen) return undefined
    const { handler } = chosen.row
    const { params } = chosen
    return (ctx) => handler({ ...ctx, params })
  }
  return Object.assign(router, { operations })
}
