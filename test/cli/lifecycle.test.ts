import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { startServe } from '../helpers/cli.js'

const ROOT = join(import.meta.dirname, '..', '..')
const data = tempDir('switchyard-lifecycle-')
afterAll(() => data.cleanup())

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** Whether the port stops accepting connections within `ms` (checked every 100 ms). */
async function closesWithin(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (!(await accepts(port))) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !(await accepts(port))
}

describe('the server goes away with whoever started it', () => {
  it('SIGTERM to `npm run switchyard -- serve` (the parent only) closes the port within 5 s', async () => {
    const npm = spawn(
      'npm',
      ['run', '--silent', 'switchyard', '--', 'serve', '--port', '0', '--data', data.dir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    npm.stdout.on('data', (d) => {
      out += d
    })
    npm.stderr.on('data', (d) => {
      out += d
    })
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 60_000)
      npm.stdout.on('data', () => {
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
        if (!match) return
        clearTimeout(timer)
        resolve(Number(match[1]))
      })
    })
    expect(await accepts(port)).toBe(true)
    npm.kill('SIGTERM')
    expect(await closesWithin(port, 5_000), `port ${port} still open 5 s after SIGTERM to npm`).toBe(true)
  })

  it('SIGHUP (the terminal closed) stops serve cleanly', async () => {
    const server = await startServe(['--data', data.dir])
    const port = Number(new URL(server.url).port)
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGHUP')
    expect(await exited).toBe(0)
    expect(server.output()).toContain('shutting down')
    expect(await accepts(port)).toBe(false)
  })
})
