import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../scripts/generate-sdk-types.js'

const ROOT = join(import.meta.dirname, '..', '..')

describe('core schemas are plain zod', () => {
  it('the OpenAPI document is the same when core loads before @hono/zod-openapi (as in the CLI)', async () => {
    // zod copies prototype members onto a schema when it is built, so core's schemas lack
    // `.openapi()` when core loads first: a route must not call it on them. A fresh process makes
    // the order certain; the first field proves core did load first.
    const script = `
      const { ApiKeySchema } = await import('./src/core/api-keys/api-keys.schema.ts')
      await import('./src/core/core.ts')
      const coreLoadedFirst = typeof ApiKeySchema.openapi === 'undefined'
      const { buildOpenApiDocument } = await import('./scripts/generate-sdk-types.ts')
      process.stdout.write(JSON.stringify({ coreLoadedFirst, doc: await buildOpenApiDocument() }))`
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    const { coreLoadedFirst, doc } = JSON.parse(out)
    expect(coreLoadedFirst).toBe(true)
    expect(doc).toEqual(JSON.parse(JSON.stringify(await buildOpenApiDocument())))
  })
})
