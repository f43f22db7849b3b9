import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'

// `trigger`, `events` and `listen` find their key in a data folder when none is given: the message
// of a miss names that folder, so a gateway on a non-default folder or port is easy to reach.
const served = tempDir('switchyard-keyfolder-served-')
const other = tempDir('switchyard-keyfolder-other-')
let server: ServeProcess
beforeAll(async () => {
  server = await startServe(['--data', served.dir])
  runCli(['workspaces', 'list', '--data', other.dir])
})
afterAll(async () => {
  await server.stop()
  served.cleanup()
  other.cleanup()
})

describe('the key a gateway command uses', () => {
  it('is read from SWITCHYARD_DATA, and the gateway found through SWITCHYARD_URL', () => {
    const res = runCli(['trigger', 'github', 'push'], {
      SWITCHYARD_URL: server.url,
      SWITCHYARD_DATA: served.dir,
    })
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
  })

  it('from a folder without one: the error names the folder it looked in', () => {
    const empty = `${other.dir}/none`
    const res = runCli(['trigger', 'github', 'push', '--url', server.url, '--data', empty])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain(`no admin token in ${empty}`)
  })

  it('from another folder than the gateway serves: the error names that folder and the fix', () => {
    const res = runCli(['trigger', 'github', 'push', '--url', server.url, '--data', other.dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`refused the admin token of the data folder ${other.dir}`)
    expect(res.stderr).toContain('SWITCHYARD_DATA')
  })
})
