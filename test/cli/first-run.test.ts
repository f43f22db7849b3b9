import { createServer, type Server } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, startServe } from '../helpers/cli.js'

const data = tempDir('switchyard-first-run-')
let blocker: Server | undefined
afterAll(() => {
  blocker?.close()
  data.cleanup()
})

describe('first-run keys', () => {
  it('a first start that fails before serving is followed by a start that says how to get a key', async () => {
    blocker = createServer()
    const port = await new Promise<number>((resolve) =>
      blocker!.listen(0, '127.0.0.1', () => resolve((blocker!.address() as { port: number }).port)),
    )
    // The first start creates the workspace and its keys, then finds its port taken.
    const failed = runCli(['serve', '--port', String(port), '--data', data.dir])
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('already in use')

    const next = await startServe(['--data', data.dir])
    await next.stop()
    expect(next.output()).not.toContain('First run')
    expect(next.output()).toContain('switchyard keys create')
    expect(next.output()).toContain(data.dir)

    // Said once, by a start that served.
    const third = await startServe(['--data', data.dir])
    await third.stop()
    expect(third.output()).not.toContain('keys create')
  })

  it('a first start that serves shows the keys, and later starts say nothing about them', async () => {
    const fresh = tempDir('switchyard-first-run-ok-')
    try {
      const first = await startServe(['--data', fresh.dir])
      await first.stop()
      expect(first.output()).toContain('First run')
      const second = await startServe(['--data', fresh.dir])
      await second.stop()
      expect(second.output()).not.toMatch(/First run|keys create/)
    } finally {
      fresh.cleanup()
    }
  })
})
