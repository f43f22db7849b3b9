import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'

// The rules scripts/build-node.mjs states for the CLI bundle, checked on the bundle it built.
const BUNDLE = join(import.meta.dirname, '..', '..', 'dist', 'cli.cjs')

/** Every `import(…)` call in a script, with the text it imports. */
function dynamicImports(source: string): string[] {
  const file = ts.createSourceFile('cli.cjs', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      found.push(node.arguments.map((a) => a.getText(file)).join(', '))
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** Whether V8 accepts a bundle's code cache, asked as bin/switchyard.js loads it. */
function cacheCheck(bundle: string): { stderr: string; rejected: boolean } {
  // In a plain `node`, like the installed command: V8 rejects a cache made under other flags.
  const check = `
    const { readFileSync } = require('node:fs')
    const { wrap } = require('node:module')
    const { Script } = require('node:vm')
    const file = ${JSON.stringify(bundle)}
    const script = new Script(wrap(readFileSync(file, 'utf8')), { filename: file, cachedData: readFileSync(file + '.cache') })
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected }))
  `
  const res = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' })
  return { stderr: res.stderr, rejected: JSON.parse(res.stdout).rejected }
}

it('the CLI bundle has no import() left: a vm.Script has no dynamic-import hook to run one', () => {
  expect(dynamicImports(readFileSync(BUNDLE, 'utf8'))).toEqual([])
})

it('the CLI bundle compiles as CommonJS and V8 accepts its code cache, as bin/switchyard.js loads it', () => {
  expect(cacheCheck(BUNDLE)).toEqual({ stderr: '', rejected: false })
})

it('a code cache another Node made (V8 rejects it) is replaced at the next start by one this Node accepts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-cache-'))
  try {
    mkdirSync(join(dir, 'bin'))
    mkdirSync(join(dir, 'dist'))
    copyFileSync(join(BUNDLE, '..', '..', 'bin', 'switchyard.js'), join(dir, 'bin', 'switchyard.js'))
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
    copyFileSync(BUNDLE, join(dir, 'dist', 'cli.cjs'))
    const foreign = Buffer.from('a cache from some other Node version')
    writeFileSync(join(dir, 'dist', 'cli.cjs.cache'), foreign)
    const run = spawnSync(process.execPath, [join(dir, 'bin', 'switchyard.js'), '--version'], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(0)
    const rewritten = readFileSync(join(dir, 'dist', 'cli.cjs.cache'))
    expect(rewritten.equals(foreign)).toBe(false)
    expect(cacheCheck(join(dir, 'dist', 'cli.cjs'))).toEqual({ stderr: '', rejected: false })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
