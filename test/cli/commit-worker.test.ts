import { expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { startServe } from '../helpers/cli.js'

it('the built CLI commits concurrent webhooks through the worker thread (it starts; no fallback warning)', async () => {
  const dir = tempDir('switchyard-worker-')
  const s = await startServe(['--data', dir.dir])
  try {
    const send = () => fetch(`${s.url}/webhooks/github`, { method: 'POST', body: '{"zen":"ok"}' })
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 40 }, send))
      expect(answers.every((r) => r.status === 200)).toBe(true)
    }
  } finally {
    expect(await s.stop()).toBe(0)
    dir.cleanup()
  }
  expect(s.output()).not.toContain('commit worker could not start')
})
