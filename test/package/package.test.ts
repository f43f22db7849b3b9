import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The package as `npm pack` builds it, installed into a fresh project
 * (a real `npm install` of the tarball, which compiles better-sqlite3), used the way a developer's
 * project uses it. One pack and one install, shared by every check of this file.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const CONSUMER = join(import.meta.dirname, 'consumer')
const BIN = (name: string) => join(ROOT, 'node_modules', name)
const work = mkdtempSync(join(tmpdir(), 'switchyard-pack-'))
const project = join(work, 'project')
const INSTALL_MS = 15 * 60_000
/** Each check starts processes (a server, test runners, tsc): minutes on a loaded 2-core machine, not the default 30 s. */
const CHECK_MS = 5 * 60_000

const run = (cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  })

beforeAll(() => {
  run('npm', ['pack', '--pack-destination', work], ROOT)
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!
  run('mkdir', ['-p', project], work)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  run('npm', ['install', '--no-audit', '--no-fund', join(work, tarball)], project)
  for (const file of readdirSync(CONSUMER)) copyFileSync(join(CONSUMER, file), join(project, file))
  copyFileSync(join(ROOT, 'test', 'testing', 'fixtures.json'), join(project, 'fixtures.json'))
}, INSTALL_MS)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packed package, installed into another project', { timeout: CHECK_MS }, () => {
  it('ships the built CLI, SDK, testing entry, dashboard and schema, and no sources, tests or maps', () => {
    const files = run('find', ['.', '-type', 'f'], join(project, 'node_modules', 'switchyard'))
      .split('\n')
      .filter(Boolean)
    expect(files).toEqual(
      expect.arrayContaining([
        './dist/cli.cjs',
        './dist/commit-worker.js',
        './dist/testing/index.cjs',
        './dist/testing/commit-worker.js',
        './out/renderer/index.html',
      ]),
    )
    expect(files).toContain('./schemas/fixtures.schema.json')
    expect(
      files.filter(
        (f) => /^\.\/(src|test|bench|scripts|renderer)\/|\.map$|\.ts$/.test(f) && !f.endsWith('.d.ts'),
      ),
    ).toEqual([])
  })

  it('`npx switchyard serve --port 0` serves the API and the built dashboard', async () => {
    const data = join(work, 'data')
    const child = spawn('npx', ['switchyard', 'serve', '--port', '0', '--data', data], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await listening(child)
      expect((await fetch(`${url}/health`)).status).toBe(200)
      const page = await (await fetch(`${url}/`)).text()
      expect(page).toContain('<div id="root">')
      expect(page).not.toContain('not built yet')
    } finally {
      child.kill('SIGTERM')
    }
  })

  it('switchyard/testing works under vitest, from ESM and CommonJS test files', () => {
    const out = run(
      process.execPath,
      [join(BIN('vitest'), 'vitest.mjs'), 'run', '--root', project, '--globals', '--dir', project],
      project,
      { NO_COLOR: '1' },
    )
    expect(out).toMatch(/Tests\s+4 passed/)
  })

  /** Runs jest on one test file of the consumer project; its `--json` report, from stdout. */
  const jest = (testMatch: string, env: NodeJS.ProcessEnv = {}) => {
    const config = JSON.stringify({ transform: {}, testMatch: [testMatch], testTimeout: 30_000 })
    const out = run(
      process.execPath,
      [join(BIN('jest'), 'bin', 'jest.js'), '--config', config, '--ci', '--json'],
      project,
      env,
    )
    const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(out)
    return { passed: numPassedTests, failed: numFailedTests, skipped: numPendingTests }
  }

  it('switchyard/testing works under jest, from a CommonJS test file', () => {
    expect(jest('**/cjs.test.cjs')).toEqual({ passed: 2, failed: 0, skipped: 0 })
  })

  it('switchyard/testing works under jest, from an ES module test file', () => {
    expect(jest('**/esm.test.mjs', { NODE_OPTIONS: '--experimental-vm-modules' })).toEqual({
      passed: 2,
      failed: 0,
      skipped: 0,
    })
  })

  it('its types resolve under moduleResolution node16 (import and require) and bundler', () => {
    const tsc = (options: string[], files: string[]) =>
      run(
        process.execPath,
        [
          join(BIN('typescript'), 'bin', 'tsc'),
          '--noEmit',
          '--strict',
          '--target',
          'es2022',
          '--lib',
          'es2023,dom',
          ...options,
          ...files,
        ],
        project,
      )
    tsc(['--module', 'node16', '--moduleResolution', 'node16'], ['types-esm.mts', 'types-cjs.cts'])
    tsc(['--module', 'esnext', '--moduleResolution', 'bundler'], ['types-esm.mts'])
  })
})

/** The URL `serve` prints once it listens. */
function listening(child: ChildProcess): Promise<string> {
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.stderr!.on('data', (d) => {
      out += d
    })
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)))
  })
}
