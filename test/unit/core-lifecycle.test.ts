import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'

const ROOT = join(import.meta.dirname, '../..')
let child: ChildProcess | undefined
// A child that did not exit (the failure this file looks for) must not outlive the test run.
afterAll(() => {
  if (child?.exitCode === null) child.kill()
})

/** Runs the child that starts every subsystem and closes; resolves with its exit code and output. */
function runChild(dataDir: string): Promise<{ code: number | null; out: string; err: string }> {
  const running = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/lifecycle-child.ts', dataDir], {
    cwd: ROOT,
  })
  child = running
  let out = ''
  let err = ''
  running.stdout.on('data', (chunk) => {
    out += chunk
  })
  running.stderr.on('data', (chunk) => {
    err += chunk
  })
  return new Promise((resolve) => running.on('exit', (code) => resolve({ code, out, err })))
}

describe('core.close()', () => {
  it('stops everything core started, so the process exits by itself', async () => {
    const data = tempDir()
    try {
      const { code, out, err } = await runChild(data.dir)
      expect(code, err).toBe(0)
      // The waiting feed ended, and the webhook the simulation had queued was captured first.
      expect(JSON.parse(out)).toEqual({ feed: null, issueWebhook: true })
    } finally {
      data.cleanup()
    }
  }, 60_000)

  describe('in process', () => {
    let t: TestApp
    beforeEach(async () => {
      t = await createTestApp()
    })
    afterEach(() => t.close())

    it('can be called twice, at once or after it finished', async () => {
      await Promise.all([t.core.close(), t.core.close()])
      await expect(t.core.close()).resolves.toBeUndefined()
    })

    it('ends open feeds and refuses captures afterwards with 503 unavailable', async () => {
      await t.capture()
      const feed = t.core.events.feed(t.workspaceId, {})
      await t.core.close()
      expect(await feed.next(600_000)).toBeNull()
      await expect(t.capture()).rejects.toMatchObject({ code: 'unavailable' })
    })
  })
})
