import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative specifier names (`./x.js` is written for `./x.ts`), or undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier).replace(/\.(js|jsx|ts|tsx)$/, '')
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync)
}

/**
 * The import graph of every .ts/.tsx file under `dirs` (absolute paths): static, type-only,
 * re-export and dynamic imports, by file. Only edges to files inside `dirs` are kept.
 */
export function importGraph(dirs: string[]): Map<string, string[]> {
  const files = dirs.flatMap(sourceFiles)
  const inside = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((i) => resolveSpecifier(file, i.fileName))
      .filter((target): target is string => target !== undefined && inside.has(target))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/**
 * Every import cycle, one per strongly connected component of the graph (Tarjan), each given as
 * one closed chain through the component's files, so a tangle of many loops is reported once.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const connect = (file: string) => {
    index.set(file, counter)
    low.set(file, counter)
    counter++
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    const selfLoop = graph.get(file)?.includes(file)
    if (component.length > 1 || selfLoop) components.push(component)
  }
  for (const file of graph.keys()) if (!index.has(file)) connect(file)
  return components.map((component) => chainThrough(graph, new Set(component)))
}

/** One closed chain from the component's first file (sorted) back to itself, by breadth-first search. */
function chainThrough(graph: Map<string, string[]>, component: Set<string>): string[] {
  const start = [...component].sort()[0] as string
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift() as string
    for (const next of graph.get(file) ?? []) {
      if (!component.has(next)) continue
      if (next === start) {
        const chain: string[] = []
        for (let at: string | undefined = file; at !== undefined; at = cameFrom.get(at)) chain.unshift(at)
        return [...chain, start]
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return [start, start]
}
