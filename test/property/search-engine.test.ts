import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchPage, SearchRequest } from '../../src/core/search/search.schema.js'
import { referenceSearch } from './reference.js'
import {
  createThingsDb,
  requestArb,
  thingArb,
  thingsArb,
  thingsModel,
  thingsSearchable,
  toModelRow,
} from './things.js'

let fixture: ReturnType<typeof createThingsDb>
beforeAll(() => {
  fixture = createThingsDb()
})
afterAll(() => fixture.close())

const search = (request: SearchRequest, scope = 'w1') =>
  fixture.engine.search(thingsSearchable, scope, request) as SearchPage<{ id: string }>

/** Follows next_cursor to the end; `between` runs after each page (to change data mid-walk). */
function walk(request: SearchRequest, between: (page: number) => void = () => {}) {
  const ids: string[] = []
  const pages: Array<SearchPage<{ id: string }>> = []
  let cursor: string | undefined
  for (let n = 0; n < 500; n++) {
    const page = search({ ...request, ...(cursor && { cursor }) })
    pages.push(page)
    ids.push(...page.data.map((d) => d.id))
    if (!page.has_more) return { ids, pages }
    cursor = page.next_cursor
    between(n)
  }
  throw new Error('walk did not end')
}

const expected = (rows: ReturnType<typeof toModelRow>[], request: SearchRequest) =>
  referenceSearch(rows, thingsModel, request).map((r) => r.id as string)

describe('search engine against an in-memory reference', () => {
  it('a cursor walk returns exactly the reference rows, in order, page by page', () => {
    fc.assert(
      fc.property(thingsArb(40), requestArb, (things, request) => {
        fixture.clear()
        fixture.insert(things)
        const rows = things.filter((t) => t.ws === 'w1').map(toModelRow)
        const want = expected(rows, request)
        const { ids, pages } = walk(request)
        expect(ids).toEqual(want)
        for (const page of pages) {
          expect(page.limit).toBe(request.limit)
          expect(page.data.length).toBeLessThanOrEqual(request.limit!)
          expect(page.next_cursor === undefined).toBe(!page.has_more)
          if (page.has_more) expect(page.data.length).toBe(request.limit)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('offset pages are the reference rows sliced at the offset', () => {
    fc.assert(
      fc.property(thingsArb(30), requestArb, fc.nat(35), (things, request, offset) => {
        fixture.clear()
        fixture.insert(things)
        const want = expected(things.filter((t) => t.ws === 'w1').map(toModelRow), request)
        const page = search({ ...request, offset })
        expect(page.data.map((d) => d.id)).toEqual(want.slice(offset, offset + request.limit!))
        expect(page.has_more).toBe(offset + request.limit! < want.length)
      }),
      { numRuns: 200 },
    )
  })

  it('a cursor walk never repeats or skips a row that existed for the whole walk, while rows are added', () => {
    const insertsArb = fc.array(fc.array(thingArb(fc.constant('n_')), { maxLength: 3 }), { maxLength: 15 })
    fc.assert(
      fc.property(thingsArb(30), requestArb, insertsArb, (things, request, inserts) => {
        fixture.clear()
        fixture.insert(things)
        const want = expected(things.filter((t) => t.ws === 'w1').map(toModelRow), request)
        // Ids by position: generated uuids may repeat (fast-check favours edge values), rows may not.
        const { ids } = walk(request, (n) =>
          fixture.insert((inserts[n] ?? []).map((t, i) => ({ ...t, id: `n_${n}_${i}` }))),
        )
        expect(new Set(ids).size).toBe(ids.length)
        const original = new Set(want)
        expect(ids.filter((id) => original.has(id))).toEqual(want)
      }),
      { numRuns: 200 },
    )
  })

  it("never shows another scope's rows", () => {
    fc.assert(
      fc.property(thingsArb(30), requestArb, (things, request) => {
        fixture.clear()
        fixture.insert(things)
        const theirs = new Set(things.filter((t) => t.ws === 'w2').map((t) => t.id))
        expect(walk(request).ids.some((id) => theirs.has(id))).toBe(false)
      }),
      { numRuns: 50 },
    )
  })
})
