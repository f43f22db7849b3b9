import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { inProcessCli } from '../helpers/cli.js'
import { startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/** `switchyard faults add|list|clear` on a data folder, beside a running gateway. */
const data = tempDir('switchyard-faults-cli-')
let conn: string
let close: () => Promise<void>

const cli = inProcessCli(data.dir)

beforeAll(async () => {
  const server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server)
  close = () => server.close()
})
afterAll(async () => {
  await close()
  data.cleanup()
})

describe('switchyard faults', () => {
  it('adds, lists and clears faults', async () => {
    const added = await cli(
      'faults',
      'add',
      conn,
      'server_error',
      '--count',
      '2',
      '--status',
      '502',
      '--json',
    )
    expect(added.code, added.err).toBe(0)
    expect(JSON.parse(added.out)).toMatchObject({ kind: 'server_error', count: 2, remaining: 2, status: 502 })
    const listed = await cli('faults', 'list', conn)
    expect(listed.code).toBe(0)
    expect(listed.out).toMatch(/server_error\s+2\/2\s+status 502/)
    const cleared = await cli('faults', 'clear', conn)
    expect(cleared.code).toBe(0)
    expect(JSON.parse((await cli('faults', 'list', conn, '--json')).out)).toEqual({ data: [] })
  })

  it('refuses a bad fault, naming the field, and stores nothing', async () => {
    const bad = await cli('faults', 'add', conn, 'latency', '--ms', '90000', '--count', '1')
    expect(bad.code).toBe(1)
    expect(bad.err).toMatch(/\/ms/)
    const unknown = await cli('faults', 'add', conn, 'meltdown')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toMatch(/\/kind/)
    const missing = await cli('faults', 'add')
    expect(missing.code).toBe(2)
    expect(JSON.parse((await cli('faults', 'list', conn, '--json')).out)).toEqual({ data: [] })
  })
})
