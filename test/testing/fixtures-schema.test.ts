import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { fixturesJsonSchema } from '../../src/core/fixtures/fixtures.json-schema.js'

const ROOT = join(import.meta.dirname, '..', '..')
const shipped = JSON.parse(readFileSync(join(ROOT, 'schemas', 'fixtures.schema.json'), 'utf8'))
const example = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures.json'), 'utf8'))
const validate = new Ajv2020({ strict: false }).compile(shipped)

describe('schemas/fixtures.schema.json', () => {
  it('is generated from the zod schema and current (run `npm run fixtures:schema`)', () => {
    expect(shipped).toEqual(fixturesJsonSchema())
  })

  it('accepts the example fixtures file', () => {
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true)
  })

  it('lets an editor flag a key of the wrong shape', () => {
    const doc = structuredClone(example)
    doc.workspaces[0].api_keys[0].key = 'sk_too_short'
    expect(validate(doc)).toBe(false)
    expect(validate.errors?.[0]?.instancePath).toBe('/workspaces/0/api_keys/0/key')
  })
})
