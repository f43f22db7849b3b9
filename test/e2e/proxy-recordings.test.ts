import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import {
  axeViolations,
  hasChromium,
  launchBrowser,
  SCREENSHOTS,
  type TestBrowser,
} from '../helpers/browser.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'
import { DashboardPage, signIn } from './pages/dashboard.js'

/**
 * The dashboard's data plane in Chromium: the connection's API panel calls the provider through the
 * proxy and shows what answered; the Recordings page switches proxy modes, lists, inspects, deletes,
 * exports and imports recordings. Real peers: a strict local OAuth server and a local provider API.
 */
let dp: DataPlane
let browser: TestBrowser
let conn: string
const files = tempDir('switchyard-cassettes-')

describe.skipIf(!hasChromium)('dashboard: API panel and Recordings', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    execFileSync(process.execPath, ['renderer/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })
    dp = await startDataPlane()
    conn = await dp.connect()
    browser = await launchBrowser()
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await dp?.close()
    files.cleanup()
  })

  const url = () => dp.gateway.server.url
  const open = (path: string) => signIn(browser, dp.gateway.server, path)
  /** Sends one call from the connection's API panel and returns the answer region. */
  async function send(page: Page, method: string, path: string) {
    const panel = page.getByRole('region', { name: 'Call the provider API' })
    await panel.getByLabel('Method').selectOption(method)
    await panel.getByLabel('Path').fill(path)
    await panel.getByRole('button', { name: 'Send' }).click()
    const answer = panel.getByRole('region', { name: 'Answer' })
    await answer.waitFor()
    return answer
  }
  const setMode = async (page: Page, mode: string) => {
    await page.goto(`${url()}/ui/recordings`)
    await page.getByLabel(/Local API/).selectOption(mode)
    await page.getByText(`proxy mode ${mode}`).waitFor()
  }

  it('the API panel calls the provider through the proxy and shows status, headers, body and mode', async () => {
    const { page, context, consoleErrors } = await open(`/ui/connections?id=${conn}`)
    const answer = await send(page, 'GET', '/items?x=1')
    await answer.getByText('"/v1/items?x=1"').waitFor()
    expect(await answer.getByTestId('api-status').innerText()).toBe('200')
    expect(await answer.innerText()).toContain('live')
    expect(await answer.innerText()).toContain('x-provider')
    await page.screenshot({ path: join(SCREENSHOTS, 'proxy-api-panel.png') })
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('Recordings: switch to record, record a call, inspect it (credentials redacted), delete it', async () => {
    const { page, context, consoleErrors } = await open('/ui/recordings')
    await new DashboardPage(page).heading('Recordings').waitFor()
    await setMode(page, 'record')
    const config = await dp.gateway.api('GET', `/api/provider-configs/${dp.configId}`)
    expect(config.body.proxy_mode).toBe('record')

    await page.goto(`${url()}/ui/connections?id=${conn}`)
    await send(page, 'GET', '/recorded?b=2')
    await page.goto(`${url()}/ui/recordings`)
    const table = page.getByRole('table', { name: 'Recordings' })
    await table.getByText('GET /recorded?b=2').waitFor()
    await table.getByRole('button', { name: /^rec_/ }).first().click()
    const drawer = page.getByRole('dialog', { name: 'GET /recorded' })
    await drawer.getByRole('table', { name: 'Request headers' }).getByText('[redacted]').waitFor()
    expect(await drawer.innerText()).not.toContain(dp.gateway.server.adminToken)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: join(SCREENSHOTS, 'recordings-detail.png') })
    await drawer.getByRole('button', { name: 'Delete' }).click()
    await new DashboardPage(page).confirmDialog('Delete this recording?').button('Delete recording').click()
    await page.getByText('No recordings yet').waitFor()
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('exports a cassette, imports one, filters, and replay answers in the panel with the provider stopped', async () => {
    const { page, context, consoleErrors } = await open(`/ui/connections?id=${conn}`)
    await send(page, 'GET', '/kept')
    await page.goto(`${url()}/ui/recordings`)
    await page.getByRole('table', { name: 'Recordings' }).getByText('GET /kept').waitFor()

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export cassette' }).click()
    const file = join(files.dir, 'export.json')
    await (await downloading).saveAs(file)
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { version: number; entries: unknown[] }
    expect(exported.version).toBe(1)
    expect(exported.entries).toHaveLength(1)

    const cassette = join(files.dir, 'import.json')
    writeFileSync(
      cassette,
      JSON.stringify({
        version: 1,
        entries: [
          {
            provider: 'local-api',
            recorded_at: '2026-01-01T00:00:00.000Z',
            duration_ms: 3,
            request: {
              method: 'GET',
              path: '/from-cassette',
              query: '',
              headers: [],
              body: '',
              body_encoding: 'utf8',
            },
            response: {
              status: 201,
              headers: [['content-type', 'application/json']],
              body: '{"from":"cassette"}',
              body_encoding: 'utf8',
            },
          },
        ],
      }),
    )
    await page.getByLabel('Cassette file to import').setInputFiles(cassette)
    await page.getByText('1 added, 0 already there.').waitFor()
    await page.getByLabel('Status', { exact: true }).fill('201')
    const table = page.getByRole('table', { name: 'Recordings' })
    await table.getByText('GET /from-cassette').waitFor()
    expect(await table.getByRole('row').count()).toBe(2)

    await setMode(page, 'replay')
    await dp.api.close()
    await page.goto(`${url()}/ui/connections?id=${conn}`)
    const answer = await send(page, 'GET', '/from-cassette')
    await answer.getByText('"cassette"').waitFor()
    expect(await answer.getByTestId('api-status').innerText()).toBe('201')
    expect(await answer.innerText()).toContain('replay')
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
