import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { startQuietServer } from '../helpers/server.js'

/** /docs in a real browser: it renders the whole API from this origin alone. */
const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) {
  console.warn(
    `\n!!! SKIPPING the /docs browser test: ${CHROMIUM} is absent (apt-get install -y chromium) !!!\n`,
  )
}

const data = tempDir()
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  if (hasChromium) {
    // Playwright gives each launch a fresh, throwaway profile.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  }
})
afterAll(async () => {
  await browser?.close()
  await server.close()
  data.cleanup()
})

describe.skipIf(!hasChromium)('GET /docs in Chromium', () => {
  it('shows every operation of the document, loading nothing from another origin', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json()
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((item) =>
      Object.keys(item).filter((m) => ['get', 'put', 'post', 'delete', 'patch'].includes(m)),
    ).length

    const page = await browser.newPage()
    const foreign: string[] = []
    const failed: string[] = []
    page.on('request', (req) => {
      if (!req.url().startsWith(server.url) && !req.url().startsWith('data:')) foreign.push(req.url())
    })
    page.on('requestfailed', (req) => failed.push(req.url()))
    page.on('pageerror', (err) => failed.push(err.message))
    await page.goto(`${server.url}/docs`)
    // Every tag section is expanded by default, so each operation gets one block.
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, operations, {
      timeout: 20_000,
    })
    expect(await page.locator('.opblock').count()).toBe(operations)
    expect(await page.locator('.info .title').textContent()).toContain('Switchyard API')
    expect(foreign).toEqual([])
    expect(failed).toEqual([])
    await page.close()
  })
})
