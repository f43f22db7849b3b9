import { execFile } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

/**
 * Other languages' SDKs are generated from the OpenAPI document. This proves the served document
 * can drive a generator: openapi-typescript makes the types, openapi-fetch the client, and a search
 * runs through it, in a folder of its own, as a user would do it.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const run = promisify(execFile)
const data = tempDir()
const work = tempDir('switchyard-generated-client-')
let server: RunningServer
let key: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  symlinkSync(join(ROOT, 'node_modules'), join(work.dir, 'node_modules'), 'dir')
  mkdirSync(join(work.dir, 'src'))
})
afterAll(async () => {
  await server.close()
  data.cleanup()
  work.cleanup()
})

describe('a client generated from the served OpenAPI document', () => {
  it('generates with openapi-typescript, typechecks with openapi-fetch, and runs a search', async () => {
    const ast = await openapiTS(new URL(`${server.url}/openapi.json`))
    writeFileSync(join(work.dir, 'src/api.d.ts'), astToString(ast))
    writeFileSync(
      join(work.dir, 'src/search.ts'),
      `import createClient from 'openapi-fetch'
import type { paths } from './api.js'

const [baseUrl, key] = process.argv.slice(2)
const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } })
const { data, error, response } = await client.POST('/api/providers/search', {
  body: { query: 'github', limit: 2, fields: ['id', 'name'] },
})
if (error) throw new Error(\`\${response.status} \${error.code}: \${error.detail}\`)
const names: string[] = data.data.map((p) => p.name ?? '')
console.log(JSON.stringify({ status: response.status, ids: data.data.map((p) => p.id), names, has_more: data.has_more }))
`,
    )
    writeFileSync(
      join(work.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          noEmit: true,
        },
        include: ['src'],
      }),
    )
    writeFileSync(join(work.dir, 'package.json'), JSON.stringify({ type: 'module', private: true }))

    const tsc = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
      cwd: work.dir,
    }).catch((err: { stdout: string; stderr: string }) => err)
    expect(tsc.stdout + tsc.stderr).toBe('')

    const { stdout } = await run(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/search.ts', server.url, key],
      { cwd: work.dir },
    )
    const result = JSON.parse(stdout)
    expect(result.status).toBe(200)
    expect(result.ids[0]).toBe('github')
    expect(result.names[0]).toBe('GitHub')
  })
})
