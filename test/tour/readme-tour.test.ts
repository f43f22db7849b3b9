import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'

/**
 * Runs the README's five-minute tour as written: every `sh` block between the tour markers, in
 * order, in one shell (so later blocks see earlier variables). The only change is the port: the
 * gateway runs on a free one instead of 4747, and the CLI is told so through SWITCHYARD_URL.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const tour = readme.slice(readme.indexOf('<!-- tour:start -->'), readme.indexOf('<!-- tour:end -->'))
const blocks = [...tour.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)

const data = tempDir('switchyard-tour-')
let server: ServeProcess
let output = ''

beforeAll(async () => {
  server = await startServe(['--data', data.dir])
  const banner = server.output()
  const script = blocks.join('\n').replaceAll('http://127.0.0.1:4747', server.url)
  const res = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      SK: /secret\s+(sk_\w+)/.exec(banner)![1]!,
      PK: /publishable\s+(pk_\w+)/.exec(banner)![1]!,
      SWITCHYARD_DATA: data.dir,
      SWITCHYARD_URL: server.url,
    },
  })
  output = res.stdout
  if (res.status !== 0) throw new Error(`the tour failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`)
})
afterAll(async () => {
  await server.stop()
  data.cleanup()
})

describe('the README tour, run as written', () => {
  it('has the steps it promises', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5)
    expect(tour).toContain('/auth-sessions')
    expect(tour).toContain('simulate=approve')
    expect(tour).toContain('trigger github push')
  })

  it('creates an auth session whose url is on the gateway', () => {
    expect(output).toMatch(new RegExp(`${server.url}/connect/\\S+`))
  })

  it('finds the simulated connection active, by curl and by the SDK', () => {
    expect(output).toMatch(/"provider":"github","tenant_id":"acme","status":"active"/)
    expect(output).toMatch(/conn_\S+ github active/)
  })

  it('captures the signed webhook and finds it with a valid signature', () => {
    expect(output).toMatch(/"provider":"github","signature":"valid"/)
  })

  it("gets the connection's token, hears 501 from the proxy, then replays the imported cassette", () => {
    expect(output).toMatch(/"type":"oauth2","access_token":"\S+"/)
    expect(output).toMatch(/"code":"simulation_unavailable"/)
    expect(output).toMatch(/Imported 1 recordings/)
    expect(output).toMatch(/switchyard-proxy-mode: replay/i)
    expect(output).toContain('{"login":"octocat","id":583231,"type":"User"}')
  })

  it('runs the offline loop: Octokit through the proxy, the signed issues webhook, an expired token refreshed', () => {
    expect(output).toMatch(/created https:\/\/github\.com\/acme\/offline-tour\/issues\/1/)
    expect(output).toMatch(/^issues valid$/m)
    expect(output).toMatch(/^200$/m)
    expect(output).toMatch(/"type":"connection\.fault_injected"/)
    expect(output).toMatch(/"type":"connection\.refreshed"/)
  })
})
