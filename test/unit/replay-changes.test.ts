import { describe, expect, it } from 'vitest'
import {
  headerChanges,
  headerText,
  lineDiff,
  parseHeaderText,
} from '../../renderer/src/lib/replay-changes.js'

describe('Edit and replay helpers', () => {
  it('headerText leaves out hop-by-hop headers', () => {
    expect(
      headerText([
        { name: 'Host', value: 'x' },
        { name: 'Content-Length', value: '2' },
        { name: 'X-A', value: '1' },
      ]),
    ).toBe('X-A: 1')
  })

  it('parseHeaderText reads Name: value lines and names the first bad one', () => {
    expect(parseHeaderText('X-A: 1\n\nX-B:two: parts\r\n')).toEqual({
      headers: [
        ['X-A', '1'],
        ['X-B', 'two: parts'],
      ],
    })
    expect(parseHeaderText('X-A: 1\nnope').error).toBe('Line 2 is not "Name: value".')
    expect(parseHeaderText(': value').error).toBe('Line 1 is not "Name: value".')
  })

  it('headerChanges: changed values set, removed names null, case-insensitive, untouched left out', () => {
    const before: Array<[string, string]> = [
      ['X-A', '1'],
      ['X-B', '2'],
      ['X-Dup', 'a'],
      ['X-Dup', 'b'],
    ]
    expect(
      headerChanges(before, [
        ['x-a', '1'],
        ['X-B', '3'],
        ['X-Dup', 'a'],
        ['X-Dup', 'b'],
        ['X-New', 'n'],
      ]),
    ).toEqual({ changes: { 'X-B': '3', 'X-New': 'n' } })
    expect(headerChanges(before, [['X-A', '1']]).changes).toEqual({ 'X-B': null, 'X-Dup': null })
    expect(headerChanges(before, [['X-Dup', 'a']]).changes).toMatchObject({ 'X-Dup': 'a' })
  })

  it('headerChanges: two values for one changed name is an error (the API sets one)', () => {
    expect(
      headerChanges(
        [],
        [
          ['X-A', '1'],
          ['x-a', '2'],
        ],
      ).error,
    ).toBe('X-A appears more than once; keep one line for it.')
  })

  it('lineDiff marks removed and added lines around the common ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ])
  })
})
