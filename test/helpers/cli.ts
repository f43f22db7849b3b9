import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { runCli as runCliInProcess } from '../../src/cli/index.js'

const ROOT = join(import.meta.dirname, '..', '..')
export const CLI = join(ROOT, 'bin', 'switchyard.js')

/** Runs the real, built `switchyard` command to completion. */
export function runCli(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  })
  return { code: res.status, stdout: res.stdout, stderr: res.stderr }
}

/**
 * A `switchyard` command run in this process on one data folder (`--data` added), with its output
 * collected: quicker than the built command, for tests of a command's behaviour rather than the bundle.
 */
export const inProcessCli =
  (dataDir: string) =>
  async (...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await runCliInProcess([...argv, '--data', dataDir], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: {},
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

export interface ServeProcess {
  child: ChildProcess
  url: string
  output: () => string
  stop: () => Promise<number | null>
}

/** Starts `switchyard serve --port 0` and resolves once it prints its URL. */
export function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d) => {
    out += d
  })
  child.stderr!.on('data', (d) => {
    out += d
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 20_000)
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (!match) return
      clearTimeout(timer)
      child.stdout!.off('data', check)
      resolve({
        child,
        url: match[1]!,
        output: () => out,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done(child.exitCode)
            child.once('exit', (code) => done(code))
            child.kill('SIGTERM')
          }),
      })
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}:\n${out}`))
    })
  })
}
