import { GraphQLError } from 'graphql'
import { describe, expect, it } from 'vitest'
import { MAX_TOKENS, parseBounded, parseRequest } from '../../src/core/providers-kit/kit/graphql.js'

/** A GraphQL request's work is bounded by its size: tokens, fragment cycles and fragment fan-out. */
describe('the kit executor’s bounds', () => {
  it('refuses a fragment that spreads itself, directly or through another', () => {
    const direct = parseRequest('query { ...A } fragment A on Query { x ...A }', {})
    expect(direct).toBeInstanceOf(GraphQLError)
    expect((direct as GraphQLError).message).toMatch(/within itself/)
    const indirect = parseRequest('query { ...A } fragment A on Q { ...B } fragment B on Q { y ...A }', {})
    expect((indirect as GraphQLError).message).toMatch(/within itself/)
  })

  it('refuses fragments that double the fields at each level (32 levels: 2^32 fields)', () => {
    const levels = Array.from({ length: 32 }, (_, i) => `fragment F${i} on Q { ...F${i + 1} ...F${i + 1} }`)
    const query = `query { ...F0 } ${levels.join(' ')} fragment F32 on Q { leaf }`
    const parsed = parseRequest(query, {})
    expect(parsed).toBeInstanceOf(GraphQLError)
    expect((parsed as GraphQLError).message).toMatch(/too large/)
  })

  it('refuses a document past the token bound, and accepts an ordinary one', () => {
    const huge = `{ ${'a '.repeat(MAX_TOKENS)} }`
    expect(parseBounded(huge)).toBeInstanceOf(GraphQLError)
    const ok = parseRequest('query Q($n: Int) { issues(first: $n) { nodes { id title } } }', { n: 2 })
    expect(ok).not.toBeInstanceOf(GraphQLError)
  })
})
