import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'

/** Revocations only accumulate: importing a snapshot never brings a revoked key back to life. */
const folder = tempDir('switchyard-revocations-')
const out = tempDir('switchyard-revocations-out-')
let server: ServeProcess

const cli = (...args: string[]) => {
  const res = runCli([...args, '--data', folder.dir])
  expect(res.code, res.stderr).toBe(0)
  return res.stdout
}
const createKey = (name: string) =>
  JSON.parse(cli('keys', 'create', '--name', name, '--role', 'secret', '--json')) as {
    id: string
    key: string
  }
const exportTo = (name: string) => {
  const file = join(out.dir, name)
  cli('export', '--out', file)
  return file
}
/** What the running server answers the key, on the very next request. */
const answerTo = async (key: string) => {
  const res = await fetch(`${server.url}/api/api-keys/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
  })
  return { status: res.status, code: ((await res.json()) as { code?: string }).code }
}

beforeAll(async () => {
  server = await startServe(['--data', folder.dir])
})
afterAll(async () => {
  await server.stop()
  folder.cleanup()
  out.cleanup()
})

describe('switchyard import keeps the revocations the folder knows', () => {
  it('export, revoke, import: the key stays revoked, the running server refuses it at once, the output says so', async () => {
    const key = createKey('revoked after export')
    const snapshot = exportTo('before-revoke.db')
    cli('keys', 'revoke', key.id)
    expect(await answerTo(key.key)).toEqual({ status: 401, code: 'api_key_revoked' })

    const text = cli('import', snapshot)
    expect(text).toMatch(
      /Kept \d+ API key revocations? this folder already knew \(1 of them active in the snapshot/,
    )
    expect(await answerTo(key.key)).toEqual({ status: 401, code: 'api_key_revoked' })
  })

  it('--json has the counts', () => {
    const key = createKey('counted')
    const snapshot = exportTo('counted.db')
    cli('keys', 'revoke', key.id)
    const listed = JSON.parse(cli('keys', 'list', '--json')) as { data: Array<{ status: string }> }
    const before = listed.data.filter((k) => k.status === 'revoked').length
    const result = JSON.parse(cli('import', snapshot, '--json'))
    expect(result).toMatchObject({ revocations_kept: before, revocations_reapplied: 1 })
  })

  it('a revoked key the snapshot lacks stays revoked through a later import that has it', async () => {
    const without = exportTo('without-key.db')
    const key = createKey('born after the first export')
    const withKey = exportTo('with-key.db')
    cli('keys', 'revoke', key.id)
    cli('import', without)
    expect((await answerTo(key.key)).status).toBe(401)
    cli('import', withKey)
    expect(await answerTo(key.key)).toEqual({ status: 401, code: 'api_key_revoked' })
  })

  it('keys active in the folder and the snapshot keep working', async () => {
    const key = createKey('stays active')
    const snapshot = exportTo('active.db')
    cli('import', snapshot)
    expect((await answerTo(key.key)).status).toBe(200)
  })
})
