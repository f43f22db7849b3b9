import { chmodSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bootstrap } from '../../src/core/bootstrap.js'
import { createCore } from '../../src/core/core.js'
import { DB_FILE, openDataFolder } from '../../src/core/data-folder.js'
import { closeDatabase } from '../../src/core/db/open.js'
import { tempDir } from '../helpers/app.js'

const modeOf = (path: string) => statSync(path).mode & 0o777

let data: ReturnType<typeof tempDir>
let umask: number
beforeEach(() => {
  data = tempDir()
  // The usual desktop umask, which would leave new files 0644.
  umask = process.umask(0o022)
})
afterEach(() => {
  process.umask(umask)
  data.cleanup()
})

describe.runIf(process.platform !== 'win32')('file modes of the data folder', () => {
  it('the database and its -wal and -shm files are created 0600', () => {
    const folder = openDataFolder(data.dir)
    // A write, so SQLite has created both the -wal and the -shm.
    bootstrap(createCore({ db: folder.db, encryptionKey: folder.encryptionKey }))
    const db = join(data.dir, DB_FILE)
    expect({
      db: modeOf(db),
      wal: modeOf(`${db}-wal`),
      shm: modeOf(`${db}-shm`),
    }).toEqual({ db: 0o600, wal: 0o600, shm: 0o600 })
    folder.db.close()
  })

  it('a database left 0644 by an older version is narrowed to 0600 when opened', () => {
    closeDatabase(openDataFolder(data.dir).db)
    const db = join(data.dir, DB_FILE)
    chmodSync(db, 0o644)
    writeFileSync(`${db}-wal`, '', { mode: 0o644 })
    chmodSync(`${db}-wal`, 0o644)
    const folder = openDataFolder(data.dir)
    expect([modeOf(db), modeOf(`${db}-wal`)]).toEqual([0o600, 0o600])
    folder.db.close()
  })

  it('a snapshot written by export is 0600', async () => {
    const folder = openDataFolder(data.dir)
    const core = createCore({ db: folder.db, encryptionKey: folder.encryptionKey })
    const out = join(data.dir, 'snapshot.db')
    await core.snapshots.export(out)
    expect(modeOf(out)).toBe(0o600)
    folder.db.close()
  })
})
