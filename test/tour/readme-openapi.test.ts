import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'

/**
 * Runs the README's OpenAPI example as written (the `sh` block between its markers), against
 * `switchyard serve` on a free port instead of 4747.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('<!-- openapi:start -->'), readme.indexOf('<!-- openapi:end -->'))
const script = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n')

const data = tempDir('switchyard-openapi-readme-')
let server: ServeProcess
let output = ''

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  const res = spawnSync(
    'bash',
    ['-euo', 'pipefail', '-c', script.replaceAll('http://127.0.0.1:4747', server.url)],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, SK: /secret\s+(sk_\w+)/.exec(server.output())![1]! },
    },
  )
  output = res.stdout
  if (res.status !== 0)
    throw new Error(`the example failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`)
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

describe("the README's OpenAPI example, run as written", () => {
  it('attaches the document and runs the CRUD cycle', () => {
    const lines = output.trim().split('\n')
    expect(JSON.parse(lines[0]!)).toMatchObject({
      provider: 'petstore',
      title: 'Petstore',
      resources: ['/pets'],
    })
    expect(JSON.parse(lines[1]!)).toMatchObject({ id: 1, name: 'Rex', status: 'available' })
    expect(JSON.parse(lines[2]!)).toMatchObject({ id: 1, status: 'sold' })
    expect(JSON.parse(lines[3]!)).toMatchObject([{ id: 1, name: 'Rex' }])
    expect(lines[4]).toBe('204')
    expect(lines[5]).toMatch(/^HTTP\/1.1 404/)
    expect(lines[6]?.toLowerCase()).toContain('switchyard-operation: getpet')
    expect(lines[7]).toContain('/status: must be one of')
  })
})
