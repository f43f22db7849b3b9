import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../scripts/generate-sdk-types.js'

const ROOT = join(import.meta.dirname, '..', '..')

/** Every import of every .ts/.tsx file under `dir` (static, type-only, re-export, dynamic), by file. */
function importsUnder(dir: string): Array<{ file: string; specifier: string; target: string }> {
  const found: Array<{ file: string; specifier: string; target: string }> = []
  for (const entry of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry)) continue
    const file = join(ROOT, dir, entry)
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      // A relative import names a file of this repo: compare it by its path from the root.
      const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : specifier
      found.push({ file: relative(ROOT, file), specifier, target })
    }
  }
  return found
}

const offending = (dir: string, forbidden: RegExp) =>
  importsUnder(dir)
    .filter(({ target }) => forbidden.test(target))
    .map(({ file, specifier }) => `${file} imports '${specifier}'`)

describe('layer boundaries', () => {
  it('core imports no HTTP library, no Electron, and nothing of the server, CLI, SDK, shell or dashboard', () => {
    const http = /^(hono|@hono\/[^/]+|electron)(\/|$)/
    const outerLayers = /^(src\/(server|cli|sdk|main|preload)|renderer)(\/|$)/
    expect(importsUnder('src/core').length).toBeGreaterThan(100) // the scan does see core's imports
    expect(offending('src/core', new RegExp(`${http.source}|${outerLayers.source}`))).toEqual([])
  })

  it('shared modules (used by the dashboard and core alike) import no package and no other layer', () => {
    expect(offending('src/shared', /^(?!src\/shared(\/|$))/)).toEqual([])
  })

  it('the dashboard imports from src/ only the shared modules and the SDK contract', () => {
    expect(importsUnder('renderer/src').map(({ target }) => target)).toContain('src/shared/event-filter')
    expect(offending('renderer/src', /^src\/(?!(shared|sdk)(\/|$))/)).toEqual([])
  })

  it('the Electron shell imports no server route file (what it shares with them lives outside routes/)', () => {
    expect(offending('src/main', /^src\/server\/routes(\/|$)/)).toEqual([])
  })
})

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
