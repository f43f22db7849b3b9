// Writes schemas/fixtures.schema.json from the fixtures zod schema (the one source of truth), so
// editors complete and check a fixtures file. test/testing/fixtures-schema.test.ts checks it is current.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturesJsonSchema } from '../src/core/fixtures/fixtures.json-schema.js'

const file = join(import.meta.dirname, '..', 'schemas', 'fixtures.schema.json')
writeFileSync(file, `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`)
console.log(`wrote ${file}`)
