import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { axeViolations, hasChromium, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { startQuietServer } from '../helpers/server.js'
import { fillUpstream, startUpstream, type Upstream } from './sync-helpers.js'

describe.skipIf(!hasChromium)('Settings › Upstream sync in Chromium', { timeout: 90_000 }, () => {
  const data = tempDir()
  let server: RunningServer
  let up: Upstream
  let browser: TestBrowser
  beforeAll(async () => {
    execFileSync(process.execPath, ['renderer/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })
    server = await startQuietServer(data.dir)
    up = await startUpstream()
    await fillUpstream(up, 12)
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await up?.close()
    data.cleanup()
  })

  const settings = async () => {
    const tab = await browser.newPage()
    await tab.page.goto(`${server.url}/?token=${server.adminToken}`)
    await tab.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
    await tab.page.goto(`${server.url}/ui/settings`)
    await tab.page.getByRole('heading', { name: 'Upstream sync' }).waitFor()
    return tab
  }

  it('pulls from the upstream and shows the counts when done', async () => {
    const { page, consoleErrors } = await settings()
    await page.getByLabel('Upstream URL').fill(up.url)
    await page.getByLabel('Upstream secret key (for pull)').fill(up.key)
    await page.getByRole('button', { name: 'Pull from upstream' }).click()
    const job = page.getByTestId('sync-job')
    await job.getByText('Done').waitFor()
    await expect(job.getByText(/Connections: 1 new/).count()).resolves.toBe(1)
    expect(consoleErrors).toEqual([])
  })

  it('shows why a pull could not start next to the field', async () => {
    const { page } = await settings()
    await page.getByLabel('Upstream URL').fill(up.url)
    await page.getByLabel('Upstream secret key (for pull)').fill('pk_not_secret')
    await page.getByRole('button', { name: 'Pull from upstream' }).click()
    await page.getByText(/must be a secret key/).waitFor()
  })

  it('the sync card has no serious accessibility violations', async () => {
    const { page } = await settings()
    expect(await axeViolations(page)).toEqual([])
  })
})
