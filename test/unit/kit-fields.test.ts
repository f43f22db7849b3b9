import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type FieldIssue, readFields } from '../../src/core/providers-kit/kit/fields.js'
import { answer, isAnswer } from '../../src/core/providers-kit/kit/http.js'

const schema = z.object({
  name: z.string(),
  size: z.number().int().optional(),
  tags: z.array(z.object({ label: z.string({ error: 'label must be text' }) })).optional(),
})

/** The refusal answers with the issue it was given, so the test can read it back. */
const refuse = (issue: FieldIssue) => answer(422, issue, [])
const issueOf = (input: unknown): FieldIssue => {
  const got = readFields(input, schema, refuse)
  if (!isAnswer(got)) throw new Error('expected a refusal')
  return JSON.parse(Buffer.from(got.body as Uint8Array).toString('utf8')) as FieldIssue
}

describe('readFields', () => {
  it('gives the parsed fields when the input passes (unknown keys dropped)', () => {
    expect(readFields({ name: 'a', size: 2, extra: true }, schema, refuse)).toEqual({ name: 'a', size: 2 })
  })

  it("hands the first failing field, in the schema's key order, to the provider's refusal", () => {
    expect(issueOf({ size: 'big' })).toMatchObject({ key: 'name', path: ['name'], code: 'invalid_type' })
    expect(issueOf({ name: 'a', size: 1.5 }).key).toBe('size')
  })

  it('names the top-level field and the full path of a nested problem, with the schema message', () => {
    expect(issueOf({ name: 'a', tags: [{ label: 'x' }, { label: 3 }] })).toEqual({
      key: 'tags',
      path: ['tags', 1, 'label'],
      code: 'invalid_type',
      message: 'label must be text',
    })
  })

  it("gives '' as the key when the input as a whole is wrong", () => {
    expect(issueOf([1, 2]).key).toBe('')
  })
})
