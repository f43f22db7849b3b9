import { describe, expect, it } from 'vitest'
import { createCursorCodec } from '../../src/core/search/cursor.js'

const codec = createCursorCodec(Buffer.alloc(32, 1))
const expected = { r: 'events', w: 'ws_1', b: 'binding', keyLength: 2 }
const base = { r: 'events', w: 'ws_1', b: 'binding', k: ['x', 'y'] }
const cursor = codec.encode({
  r: 'events',
  w: 'ws_1',
  b: 'binding',
  k: ['2026-01-01T00:00:00.000Z', 'evt_1'],
})

const codeOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    return (err as { code?: string }).code
  }
  return 'no error'
}

/** Re-signs a modified payload with a different secret (what a forger can do without ours). */
const forged = (payload: unknown) => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${body}.${cursor.split('.')[1]}`
}

describe('search cursors', () => {
  it('decode to the position they were issued with', () => {
    expect(codec.decode(cursor, expected)).toEqual({ k: ['2026-01-01T00:00:00.000Z', 'evt_1'], v: undefined })
  })

  it('carry the ranking version of a query walk', () => {
    const c = codec.encode({ r: 'providers', w: '', b: 'b', k: [3, 'stripe'], v: 'ver1' })
    expect(codec.decode(c, { r: 'providers', w: '', b: 'b', keyLength: 2 }).v).toBe('ver1')
  })

  it('are rejected when one character of the body changes', () => {
    const [body, sig] = cursor.split('.') as [string, string]
    const flipped = `${body.slice(0, 5)}${body[5] === 'A' ? 'B' : 'A'}${body.slice(6)}.${sig}`
    expect(codeOf(() => codec.decode(flipped, expected))).toBe('invalid_cursor')
  })

  it('are rejected when the payload is re-encoded without the secret', () => {
    expect(
      codeOf(() => codec.decode(forged({ r: 'events', w: 'ws_2', b: 'binding', k: ['x', 'y'] }), expected)),
    ).toBe('invalid_cursor')
  })

  it('from another data folder (another secret) are rejected', () => {
    const other = createCursorCodec(Buffer.alloc(32, 2))
    expect(codeOf(() => other.decode(cursor, expected))).toBe('invalid_cursor')
  })

  it('are bound to their resource, workspace and request binding', () => {
    expect(codeOf(() => codec.decode(cursor, { ...expected, r: 'api_keys' }))).toBe('invalid_cursor')
    expect(codeOf(() => codec.decode(cursor, { ...expected, w: 'ws_2' }))).toBe('invalid_cursor')
    expect(codeOf(() => codec.decode(cursor, { ...expected, b: 'other' }))).toBe('invalid_cursor')
    expect(codeOf(() => codec.decode(cursor, { ...expected, keyLength: 3 }))).toBe('invalid_cursor')
  })

  it.each(['', '.', 'abc', 'a.b.c', '!!!.###', `${cursor}.x`, cursor.replace('.', '')])(
    'malformed cursor %j is a 400 invalid_cursor, never a crash',
    (bad) => {
      expect(codeOf(() => codec.decode(bad, expected))).toBe('invalid_cursor')
    },
  )

  it('with a well-signed but hostile payload (as if the secret leaked) are still rejected', () => {
    const hostile = [null, 42, 'x', { ...base, k: [{}, 'a'] }, { ...base, k: 'ab' }, { ...base, v: 7 }]
    for (const payload of hostile) {
      expect(
        codeOf(() => codec.decode(codec.encode(payload as never), expected)),
        JSON.stringify(payload),
      ).toBe('invalid_cursor')
    }
  })
})
