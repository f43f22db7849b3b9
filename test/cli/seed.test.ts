import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDataFolder } from '../../src/core/data-folder.js'
import { PROVIDER_KITS } from '../../src/core/providers-kit/registry.js'
import { tempDir } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'

describe('switchyard seed demo', () => {
  let data: ReturnType<typeof tempDir>
  beforeEach(() => {
    data = tempDir()
  })
  afterEach(() => data.cleanup())
  const seed = (...args: string[]) => runCli(['seed', 'demo', '--data', data.dir, '--json', ...args])
  const events = () => {
    const { db } = openDataFolder(data.dir)
    try {
      return db.prepare('SELECT source, provider FROM events').all() as Array<{
        source: string
        provider: string
      }>
    } finally {
      db.close()
    }
  }

  it('creates connections in every status', () => {
    const summary = JSON.parse(seed('--events', '0').stdout)
    expect(Object.values(summary.connections).every((n) => (n as number) > 0)).toBe(true)
  })

  it('creates a provider config per demo provider and installations', () => {
    const summary = JSON.parse(seed('--events', '0').stdout)
    expect([summary.provider_configs, summary.installations.active > 0]).toEqual([PROVIDER_KITS.length, true])
  })

  it('sends the requested number of sample webhooks across several providers', () => {
    seed('--events', '40')
    const webhooks = events().filter((e) => e.source === 'webhook')
    expect(webhooks).toHaveLength(40)
    expect(new Set(webhooks.map((e) => e.provider)).size).toBeGreaterThan(2)
  })

  it('a second run adds more and never fails', () => {
    seed('--events', '5')
    const again = seed('--events', '5')
    expect([again.code, JSON.parse(again.stdout).provider_configs]).toEqual([0, 0])
  })

  it('an --events value that is not a whole number is a usage error and seeds nothing', () => {
    const res = seed('--events', '-3')
    expect(res.code).toBe(2)
    expect(events()).toHaveLength(0)
  })

  it('an unknown workspace fails clearly', () => {
    const res = seed('--workspace', 'nope')
    expect([res.code, res.stderr]).toEqual([1, expect.stringMatching(/nope/)])
  })
})
