import { type ChildProcess, spawn } from 'node:child_process'
import { CLI } from '../cli.js'

/** The real `switchyard` command, run without blocking (the gateway it talks to may share this process's loop). */
export function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => {
    stdout += d
  })
  child.stderr!.on('data', (d) => {
    stderr += d
  })
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  )
  return {
    child,
    done,
    stdout: () => stdout,
    stderr: () => stderr,
    /** Resolves once stdout (or stderr) matches. */
    async waitFor(
      pattern: RegExp,
      where: 'stdout' | 'stderr' = 'stdout',
      timeoutMs = 15_000,
    ): Promise<string> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const text = where === 'stdout' ? stdout : stderr
        if (pattern.test(text)) return text
        if (child.exitCode !== null)
          throw new Error(`exited ${child.exitCode} before ${pattern}:\n${stdout}\n${stderr}`)
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${stdout}\n${stderr}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    stop: (): Promise<number | null> => stopChild(child),
  }
}

export function stopChild(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}

/** The first-run secret key a `serve` process prints (the lines may arrive just after its URL). */
export async function firstSecretKey(output: () => string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const key = /secret\s+(sk_\w+)/.exec(output())?.[1]
    if (key) return key
    if (Date.now() > deadline) throw new Error(`no secret key printed:\n${output()}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
