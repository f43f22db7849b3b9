// `npm run lint:openapi`: lints the gateway's OpenAPI document, as served at the default address,
// with Redocly CLI and the rules in redocly.yaml. Exits non-zero when the linter reports an error.
// test/api/openapi-lint.test.ts runs the same lint, so `npm test` catches a regression too.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildOpenApiDocument } from './generate-sdk-types.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const REDOCLY = join(root, 'node_modules/@redocly/cli/bin/cli.js')

/** The document a client fetches from `GET /openapi.json` of a gateway on the default address. */
export async function servedOpenApiDocument(): Promise<Record<string, unknown>> {
  return { ...(await buildOpenApiDocument()), servers: [{ url: 'http://127.0.0.1:4747' }] }
}

/** Runs `redocly lint` on a document (written to a temp file); `status` is the CLI's exit code. */
export function lintOpenApi(document: object): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-openapi-'))
  try {
    const file = join(dir, 'openapi.json')
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
    const run = spawnSync(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish'],
      {
        cwd: root,
        encoding: 'utf8',
        // Offline and quiet: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    )
    return { status: run.status ?? 1, output: `${run.stdout ?? ''}${run.stderr ?? ''}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { status, output } = lintOpenApi(await servedOpenApiDocument())
  process.stdout.write(output)
  process.exitCode = status
}
