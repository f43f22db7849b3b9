import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withOpenMemo } from '../../src/core/crypto/open-memo.js'
import { createSecretBox } from '../../src/core/crypto/secret-box.js'

describe('withOpenMemo', () => {
  const box = createSecretBox(randomBytes(32))
  let opens = 0
  const counted = {
    seal: box.seal,
    open: (s: Buffer, c?: string) => {
      opens++
      return box.open(s, c)
    },
  }
  const memo = withOpenMemo(counted)

  it('opens the same bytes and context once', () => {
    const sealed = memo.seal('gho_secret', 'connections/c1/access_token')
    expect(memo.open(sealed, 'connections/c1/access_token')).toBe('gho_secret')
    expect(memo.open(Buffer.from(sealed), 'connections/c1/access_token')).toBe('gho_secret')
    expect(opens).toBe(1)
  })

  it('still refuses the same bytes under another context, and tampered bytes', () => {
    const sealed = memo.seal('gho_other', 'connections/c2/access_token')
    expect(memo.open(sealed, 'connections/c2/access_token')).toBe('gho_other')
    expect(() => memo.open(sealed, 'connections/c3/access_token')).toThrow()
    const tampered = Buffer.from(sealed)
    tampered[tampered.length - 1]! ^= 1
    expect(() => memo.open(tampered, 'connections/c2/access_token')).toThrow()
  })
})
