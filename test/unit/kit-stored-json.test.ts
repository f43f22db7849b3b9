import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDatabase, type Db, openDatabase } from '../../src/core/db/open.js'
import { createSimulationRepo } from '../../src/core/providers-kit/engine/simulation.repo.js'
import type { AccountObjects } from '../../src/core/providers-kit/kit/provider-kit.js'
import { storedList, storedOne } from '../../src/core/providers-kit/kit/stored-json.js'
import { createWorkspacesRepo } from '../../src/core/workspaces/workspaces.repo.js'
import { tempDir } from '../helpers/app.js'

/** The kit's readers of stored objects, over a real simulation_objects table. */
const dir = tempDir('switchyard-stored-json-')
let db: Db
let objects: AccountObjects

beforeAll(() => {
  db = openDatabase({ path: join(dir.dir, 'switchyard.db') })
  createWorkspacesRepo(db).insert({ id: 'w1', name: 'w1', tier: 'free', rpm: 60, created_at: '2026-11-26' })
  const repo = createSimulationRepo(db)
  objects = {
    get: (kind, scope, num) => repo.get('w1', 'c1', kind, scope, num),
    put(kind, scope, num, value, tag = null) {
      const text = JSON.stringify(value)
      repo.put('w1', 'c1', kind, scope, num, tag, text)
      return text
    },
    page: (kind, scope, tag, limit, offset, order) =>
      repo.page('w1', 'c1', kind, scope, tag, limit, offset, order),
  }
  for (const n of [3, 1, 2]) objects.put('issue', 'repo-a', n, { n }, n === 2 ? 'closed' : 'open')
  objects.put('issue', 'repo-b', 9, { n: 9 }, 'open')
  objects.put('message', 'c', 5, null)
})
afterAll(() => {
  closeDatabase(db)
  dir.cleanup()
})

describe('storedList', () => {
  it('reads every object of a kind in a scope, parsed, oldest first', () => {
    expect(storedList(objects, 'issue', 'repo-a')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
  })

  it('filters by tag, orders newest first and stops at a limit when asked', () => {
    expect(storedList(objects, 'issue', 'repo-a', { tag: 'open' })).toEqual([{ n: 1 }, { n: 3 }])
    expect(storedList(objects, 'issue', 'repo-a', { order: 'desc', limit: 2 })).toEqual([{ n: 3 }, { n: 2 }])
  })

  it('is empty for a scope or kind with nothing stored', () => {
    expect(storedList(objects, 'issue', 'repo-z')).toEqual([])
    expect(storedList(objects, 'comment', 'repo-a')).toEqual([])
  })
})

describe('storedOne', () => {
  it('reads one object, parsed, and undefined when there is none', () => {
    expect(storedOne(objects, 'issue', 'repo-b', 9)).toEqual({ n: 9 })
    expect(storedOne(objects, 'issue', 'repo-b', 10)).toBeUndefined()
  })

  it('gives back a stored null as null (a deleted message keeps its slot)', () => {
    expect(storedOne(objects, 'message', 'c', 5)).toBeNull()
  })
})
