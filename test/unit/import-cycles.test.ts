import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCycles, importGraph } from '../helpers/import-graph.js'

const ROOT = join(import.meta.dirname, '..', '..')
const short = (file: string) => relative(ROOT, file)

describe('import cycles', () => {
  const graph = importGraph([join(ROOT, 'src'), join(ROOT, 'renderer', 'src')])

  it('sees the whole of src/ and renderer/src (the scan is not vacuous)', () => {
    expect(graph.get(join(ROOT, 'src/core/core.ts'))?.map(short)).toContain('src/core/common/clock.ts')
    expect(graph.get(join(ROOT, 'renderer/src/components/shell.tsx'))?.map(short)).toContain(
      'renderer/src/pages/events.tsx',
    )
  })

  it('src/ and renderer/src have no import cycle (type-only and dynamic imports count)', () => {
    const cycles = importCycles(graph).map((chain) => chain.map(short).join('\n    -> '))
    if (cycles.length > 0) console.error(`${cycles.length} import cycle(s):\n  ${cycles.join('\n  ')}`)
    expect(cycles).toEqual([])
  })
})
