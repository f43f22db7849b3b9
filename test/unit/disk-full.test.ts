import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskWatch, isDiskFull } from '../../src/core/storage/disk-full.js'

// Which errors mean a full disk; the real thing (a filled tmpfs) is test/crash/disk-full.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'switchyard-disk-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const coded = (code: string, message: string) => Object.assign(new Error(message), { code })

describe('a full disk, as errors say it', () => {
  it('SQLITE_FULL, ENOSPC and the commit worker’s message are a full disk', () => {
    expect(isDiskFull(coded('SQLITE_FULL', 'database or disk is full'), dir)).toBe(true)
    expect(isDiskFull(coded('ENOSPC', 'ENOSPC: no space left on device, write'), dir)).toBe(true)
    expect(isDiskFull(new Error('database or disk is full'), dir)).toBe(true)
  })

  it('an I/O error is a full disk only when the folder has no space left (here it has)', () => {
    expect(isDiskFull(coded('SQLITE_IOERR_SHMSIZE', 'disk I/O error'), dir)).toBe(false)
    expect(isDiskFull(coded('SQLITE_IOERR_WRITE', 'disk I/O error'), '/nonexistent/folder')).toBe(false)
  })

  it('other errors are not', () => {
    expect(isDiskFull(coded('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed'), dir)).toBe(false)
    expect(isDiskFull('database or disk is full', dir)).toBe(false)
  })

  it('the watch answers disk_full with Retry-After and the folder', () => {
    const watch = createDiskWatch(dir)
    expect(watch.classify(new Error('boom'))).toBeUndefined()
    expect(watch.full).toBe(false)
    const problem = watch.classify(coded('SQLITE_FULL', 'database or disk is full'))!
    expect(problem).toMatchObject({ code: 'disk_full', status: 503 })
    expect(problem.detail).toContain(dir)
    expect(Number(problem.headers?.['retry-after'])).toBeGreaterThan(0)
  })
})
