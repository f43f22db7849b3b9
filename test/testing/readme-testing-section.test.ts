import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The README's "Use it in your test suite" example is test/testing/readme-example.test.ts, word for
 * word (only its import names the package instead of the source), so the documented example runs.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const section = readme.slice(
  readme.indexOf('<!-- testing-example:start -->'),
  readme.indexOf('<!-- testing-example:end -->'),
)

describe('README: Use it in your test suite', () => {
  it('shows exactly the example that test/testing/readme-example.test.ts runs', () => {
    const shown = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
    const tested = readFileSync(join(import.meta.dirname, 'readme-example.test.ts'), 'utf8').replace(
      "from '../../src/testing/index.js'",
      "from 'switchyard/testing'",
    )
    expect(shown).toBe(tested)
  })
})
