import { describe, expect, it } from 'vitest'
import { cursorPage } from '../../src/core/providers-kit/kit/cursor-page.js'
import { encodeCursor } from '../../src/core/providers-kit/kit/pagination.js'

const items = ['a', 'b', 'c', 'd', 'e']
const walk = (limit: number) => {
  const pages: string[][] = []
  let cursor: string | undefined
  do {
    const got = cursorPage(items, String, cursor, 'letter', limit)!
    pages.push(got.page)
    cursor = got.next
  } while (cursor)
  return pages
}

describe('cursorPage', () => {
  it('walks the list page by page, the last page ending with an empty cursor', () => {
    expect(walk(2)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    expect(walk(5)).toEqual([items])
    expect(walk(9)).toEqual([items])
  })

  it('names the next page by the last item’s key, in an opaque cursor of its kind', () => {
    expect(cursorPage(items, String, undefined, 'letter', 2)).toEqual({
      page: ['a', 'b'],
      next: encodeCursor('letter', 'b'),
    })
    expect(cursorPage(items, String, '', 'letter', 2)?.page).toEqual(['a', 'b'])
  })

  it('refuses a cursor of another kind, one that is not base64, and one naming no item', () => {
    expect(cursorPage(items, String, encodeCursor('user', 'b'), 'letter', 2)).toBeNull()
    expect(cursorPage(items, String, 'not a cursor!', 'letter', 2)).toBeNull()
    expect(cursorPage(items, String, encodeCursor('letter', 'z'), 'letter', 2)).toBeNull()
  })

  it('gives an empty last page for an empty list', () => {
    expect(cursorPage([], String, undefined, 'letter', 10)).toEqual({ page: [], next: '' })
  })
})
