import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulationRepo } from '../../src/core/providers-kit/engine/simulation.repo.js'
import type { AccountObjects } from '../../src/core/providers-kit/kit/provider-kit.js'
import { storedObjects } from '../../src/core/providers-kit/kit/stored.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** storedObjects over the real simulation store (SQLite in a temp folder). */
let t: TestApp
let objects: AccountObjects
beforeAll(async () => {
  t = await createTestApp()
  const repo = createSimulationRepo(t.db)
  const at = [t.workspaceId, 'conn-kit-stored'] as const
  objects = {
    get: (kind, scope, num) => repo.get(...at, kind, scope, num),
    put(kind, scope, num, value, tag = null) {
      const text = JSON.stringify(value)
      repo.put(...at, kind, scope, num, tag, text)
      return text
    },
    page: (kind, scope, tag, limit, offset, order) =>
      repo.page(...at, kind, scope, tag, limit, offset, order),
  }
  for (const [num, name, state] of [
    [1, 'b', 'open'],
    [2, 'a', 'closed'],
    [3, 'c', 'open'],
  ] as const)
    objects.put('item', 'one', num, { num, name, state }, state)
  objects.put('item', 'other', 1, { num: 1, name: 'z', state: 'open' }, 'open')
})
afterAll(() => t.close())

const numsOf = (items: Array<{ num: number }>) => items.map((i) => i.num)

describe('storedObjects', () => {
  it('parses a whole kind of one scope, newest first by default, the others in their order', () => {
    expect(numsOf(storedObjects(objects, 'item', { scope: 'one' }))).toEqual([3, 2, 1])
    expect(numsOf(storedObjects(objects, 'item', { scope: 'one', order: 'asc' }))).toEqual([1, 2, 3])
    expect(storedObjects<{ name: string }>(objects, 'item', { scope: 'one', order: 'name' })[0]).toEqual({
      num: 2,
      name: 'a',
      state: 'closed',
    })
  })

  it('keeps to the tag and the limit asked for, and to the scope (the default scope is empty)', () => {
    expect(numsOf(storedObjects(objects, 'item', { scope: 'one', tag: 'open' }))).toEqual([3, 1])
    expect(numsOf(storedObjects(objects, 'item', { scope: 'one', limit: 1 }))).toEqual([3])
    expect(storedObjects(objects, 'item', { scope: 'other' })).toHaveLength(1)
    expect(storedObjects(objects, 'item')).toEqual([])
  })
})
