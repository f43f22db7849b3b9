import { describe, expect, it } from 'vitest'
import { section } from '../../src/core/providers-kit/kit/account-view.js'

describe('section', () => {
  it('makes one row per item and one column per entry, in the order the columns are written', () => {
    const people = [
      { name: 'ada', role: 'owner' },
      { name: 'grace', role: 'member' },
    ]
    expect(
      section('Users', people, {
        Name: (p) => `@${p.name}`,
        Role: (p) => p.role,
        '#': (_p, i) => String(i + 1),
      }),
    ).toEqual({
      title: 'Users',
      columns: ['Name', 'Role', '#'],
      rows: [
        ['@ada', 'owner', '1'],
        ['@grace', 'member', '2'],
      ],
    })
  })

  it('keeps its columns when there are no items', () => {
    expect(section('Issues', [], { Key: String })).toEqual({ title: 'Issues', columns: ['Key'], rows: [] })
  })
})
