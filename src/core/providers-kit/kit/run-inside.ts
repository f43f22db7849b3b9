import type { Handler, SimulationContext } from './provider-kit.js'

/** What an operation run inside another call gets of its own: a JSON body, a query, path parameters. */
export interface InnerCall {
  body?: unknown
  query?: URLSearchParams
  params?: Record<string, string>
}

/**
 * Runs a handler inside another call (one input of a batch): the same account, time and ids, with
 * its own body, query and path parameters (added to the outer call's); its status and parsed JSON
 * body (null when it has none).
 */
export function runInside<State>(
  ctx: SimulationContext<State>,
  handler: Handler<State>,
  inner: InnerCall,
): { status: number; body: unknown } {
  const body = Buffer.from(inner.body === undefined ? '' : JSON.stringify(inner.body))
  const call = { ...ctx.call, body, query: inner.query?.toString() ?? '' }
  const answered = handler({ ...ctx, call, params: { ...ctx.params, ...inner.params } })
  const text = answered.body instanceof Uint8Array ? Buffer.from(answered.body).toString('utf8') : ''
  return { status: answered.status, body: text ? JSON.parse(text) : null }
}
