import { describe, expect, it } from 'vitest'
import { answer } from '../../src/core/providers-kit/kit/http.js'
import type { Handler, SimulationContext } from '../../src/core/providers-kit/kit/provider-kit.js'
import { runInside } from '../../src/core/providers-kit/kit/run-inside.js'
import type { ProxyCall } from '../../src/core/proxy/answerer.js'

const JSON_TYPE: Array<[string, string]> = [['content-type', 'application/json']]
/** Answers with what it was given: its body, query and path parameters. */
const echo: Handler<null> = (ctx) =>
  answer(
    200,
    { body: ctx.call.body.toString('utf8'), query: ctx.call.query, params: ctx.params, path: ctx.call.path },
    JSON_TYPE,
  )
// The outer call: only what runInside reads and passes on.
const outer = {
  call: { method: 'POST', path: '/things/batch', query: 'archived=true', body: Buffer.from('{"inputs":[]}') },
  params: { type: 'things' },
} as unknown as SimulationContext<null> & { call: ProxyCall }

describe('runInside', () => {
  it('gives the handler its own body, query and parameters on top of the outer call', () => {
    const got = runInside(outer, echo, {
      body: { name: 'a' },
      query: new URLSearchParams({ properties: 'x' }),
      params: { id: '7' },
    })
    expect(got).toEqual({
      status: 200,
      body: {
        body: '{"name":"a"}',
        query: 'properties=x',
        params: { type: 'things', id: '7' },
        path: '/things/batch',
      },
    })
  })

  it('sends an empty body and query when none is given, and reads an answer without a body as null', () => {
    expect(runInside(outer, echo, {}).body).toMatchObject({ body: '', query: '', params: { type: 'things' } })
    expect(runInside(outer, () => answer(204, null, JSON_TYPE), {})).toEqual({ status: 204, body: null })
  })
})
