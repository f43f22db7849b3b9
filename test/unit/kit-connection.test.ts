import { describe, expect, it } from 'vitest'
import { offsetAfter, offsetConnection } from '../../src/core/providers-kit/kit/connection.js'
import { encodeCursor } from '../../src/core/providers-kit/kit/pagination.js'

describe('offsetAfter', () => {
  it('starts at 0 without a cursor and right after the position a cursor of this kind names', () => {
    expect(offsetAfter(undefined, 'issue')).toBe(0)
    expect(offsetAfter(null, 'issue')).toBe(0)
    expect(offsetAfter(encodeCursor('issue', 4), 'issue')).toBe(5)
  })

  it('refuses a cursor of another kind, one that is not base64, and one that names no position', () => {
    expect(offsetAfter(encodeCursor('repo', 4), 'issue')).toBeNull()
    expect(offsetAfter('not a cursor!', 'issue')).toBeNull()
    expect(offsetAfter(encodeCursor('issue', 'abc'), 'issue')).toBeNull()
    expect(offsetAfter(encodeCursor('issue', '-1'), 'issue')).toBeNull()
  })
})

describe('offsetConnection', () => {
  it('gives edges whose cursors name positions, and the page info of a middle page', () => {
    const page = offsetConnection('issue', 2, ['c', 'd'], 5)
    expect(page.totalCount).toBe(5)
    expect(page.nodes).toEqual(['c', 'd'])
    expect(page.edges.map((e) => e.cursor)).toEqual([encodeCursor('issue', 2), encodeCursor('issue', 3)])
    expect(page.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: true,
      startCursor: encodeCursor('issue', 2),
      endCursor: encodeCursor('issue', 3),
    })
    expect(offsetAfter(page.pageInfo.endCursor, 'issue')).toBe(4)
  })

  it('has no next page at the end, and null cursors on an empty page', () => {
    expect(offsetConnection('issue', 3, ['d', 'e'], 5).pageInfo.hasNextPage).toBe(false)
    expect(offsetConnection('issue', 0, [], 0).pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: null,
      endCursor: null,
    })
  })
})
