import { describe, expect, it } from 'vitest'
import { INSERT_EVENT_SQL } from '../../src/core/events/events.repo.js'
import { positional } from '../../src/core/webhooks/commit-worker.js'

describe('positional', () => {
  it('turns named parameters into ? placeholders and lists the names in order, repeats included', () => {
    expect(positional('INSERT INTO t (a, b, c) VALUES (@a, @b_2, @a)')).toEqual({
      sql: 'INSERT INTO t (a, b, c) VALUES (?, ?, ?)',
      names: ['a', 'b_2', 'a'],
    })
  })

  it('keeps as many placeholders as names for the event insert', () => {
    const { sql, names } = positional(INSERT_EVENT_SQL)
    expect(sql).not.toContain('@')
    expect(sql.split('?').length - 1).toBe(names.length)
    expect(names[0]).toBe('id')
  })
})
