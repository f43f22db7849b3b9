import { describe, expect, it } from 'vitest'
import { lintOpenApi, servedOpenApiDocument } from '../../scripts/lint-openapi.js'

// The same lint as `npm run lint:openapi` (Redocly CLI with redocly.yaml), so `npm test` catches it too.
describe('the OpenAPI document under a real linter', () => {
  it('lints with zero errors', async () => {
    const { status, output } = lintOpenApi(await servedOpenApiDocument())
    expect(output).not.toMatch(/\berror\b/)
    expect(status, output).toBe(0)
  })

  it('fails on a document with an error (the lint can fail)', async () => {
    const doc = (await servedOpenApiDocument()) as {
      paths: Record<string, Record<string, { description?: string; security?: unknown }>>
    }
    const search = doc.paths['/api/connections/search']!.post!
    delete search.description
    delete search.security
    const { status, output } = lintOpenApi(doc)
    expect(status).not.toBe(0)
    expect(output).toContain('operation-description')
    expect(output).toContain('security-defined')
  })
})
