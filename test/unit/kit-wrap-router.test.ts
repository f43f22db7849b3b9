import { describe, expect, it } from 'vitest'
import { answer } from '../../src/core/providers-kit/kit/http.js'
import type { SimulationContext } from '../../src/core/providers-kit/kit/provider-kit.js'
import { routeTable } from '../../src/core/providers-kit/kit/routes.js'
import { wrapRouter } from '../../src/core/providers-kit/kit/wrap-router.js'

const table = routeTable<null>([
  ['GET', '/things/:id', (ctx) => answer(200, { id: ctx.params.id }, [['content-type', 'application/json']])],
  ['POST', '/things', () => answer(201, { made: true }, [['content-type', 'application/json']])],
])
const stamped = wrapRouter(table, (handler) => (ctx) => {
  const found = handler(ctx)
  return { ...found, headers: [...found.headers, ['x-stamp', 'yes']] }
})
// The routed handlers read only their path parameters.
const ctx = {} as SimulationContext<null>

describe('wrapRouter', () => {
  it('wraps every handler the table picks, with the parameters it matched', () => {
    const got = stamped({ method: 'GET', path: '/things/42' })!(ctx)
    expect(got.status).toBe(200)
    expect(JSON.parse(Buffer.from(got.body as Uint8Array).toString())).toEqual({ id: '42' })
    expect(got.headers).toContainEqual(['x-stamp', 'yes'])
    expect(stamped({ method: 'POST', path: '/things' })!(ctx).headers).toContainEqual(['x-stamp', 'yes'])
  })

  it('routes nothing the table does not, and lists the same operations', () => {
    expect(stamped({ method: 'DELETE', path: '/things/42' })).toBeUndefined()
    expect(stamped({ method: 'GET', path: '/other' })).toBeUndefined()
    expect(stamped.operations).toEqual(table.operations)
  })
})
