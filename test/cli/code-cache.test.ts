import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
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

it('the CLI bundle has no import() left: a vm.Script has no dynamic-import hook to run one', () => {
  expect(dynamicImports(readFileSync(BUNDLE, 'utf8'))).toEqual([])
})

it('the CLI bundle compiles as CommonJS and V8 accepts its code cache, as bin/switchyard.js loads it', () => {
  // In a plain `node`, like the installed command: V8 rejects a cache made under other flags.
  const check = `
    const { readFileSync } = require('node:fs')
    const { wrap } = require('node:module')
    const { Script } = require('node:vm')
    const file = ${JSON.stringify(BUNDLE)}
    const script = new Script(wrap(readFileSync(file, 'utf8')), { filename: file, cachedData: readFileSync(file + '.cache') })
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected }))
  `
  const res = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' })
  expect(res.stderr).toBe('')
  expect(JSON.parse(res.stdout)).toEqual({ rejected: false })
})
