import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../renderer/src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The renderer's own files each file imports (relative specifiers resolved; packages left out). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(ROOT)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => {
        const base = resolve(dirname(file), spec).replace(/\.js$/, '')
        return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync)
      })
      .filter((target): target is string => target?.startsWith(ROOT) === true)
    graph.set(file, targets)
  }
  return graph
}

/** Every cycle found by depth-first search, each as the chain of files that closes it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const done = new Set<string>()
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file)
    if (at >= 0) return void found.push([...path.slice(at), file])
    if (done.has(file)) return
    for (const next of graph.get(file) ?? []) visit(next, [...path, file])
    done.add(file)
  }
  for (const file of graph.keys()) visit(file, [])
  return found
}

const short = (file: string) => relative(ROOT, file)

describe('renderer module structure', () => {
  const graph = importGraph()

  it('finds the modules it checks (the scan is not vacuous)', () => {
    expect(graph.get(join(ROOT, 'components/shell.tsx'))?.map(short)).toContain('pages/events.tsx')
  })

  it('a page imports no other page: what pages share lives in components/ or lib/', () => {
    const pageImports = [...graph]
      .filter(([file]) => short(file).startsWith('pages/'))
      .flatMap(([file, targets]) =>
        targets.filter((t) => short(t).startsWith('pages/')).map((t) => `${short(file)} -> ${short(t)}`),
      )
    expect(pageImports).toEqual([])
  })

  it('the renderer has no import cycle', () => {
    expect(cycles(graph).map((chain) => chain.map(short).join(' -> '))).toEqual([])
  })
})
