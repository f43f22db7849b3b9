import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCycles, importGraph } from '../helpers/import-graph.js'

const ROOT = resolve(import.meta.dirname, '../../renderer/src')

const short = (file: string) => relative(ROOT, file)

describe('renderer module structure', () => {
  const graph = importGraph([ROOT])

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
    expect(importCycles(graph).map((chain) => chain.map(short).join(' -> '))).toEqual([])
  })
})
