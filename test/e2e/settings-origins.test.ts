import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import {
  axeViolations,
  hasChromium,
  launchBrowser,
  SCREENSHOTS,
  type TestBrowser,
} from '../helpers/browser.js'
import { startQuietServer } from '../helpers/server.js'
import { signIn } from './pages/dashboard.js'
import { SettingsPage } from './pages/settings.js'

const data = tempDir()
let server: RunningServer
let browser: TestBrowser
let publishable: string

const originsOnServer = () => server.core.redirectOrigins.list(server.core.workspaces.get('default').id)
const sessionTo = (redirect_url: string) =>
  fetch(`${server.url}/auth-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishable}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'github', tenant_id: 'acme', redirect_url }),
  })

// A real browser on 2 shared cores during the full suite: allow it time.
describe.skipIf(!hasChromium)('Settings › Allowed redirect origins, in Chromium', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    execFileSync(process.execPath, ['renderer/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })
    server = await startQuietServer(data.dir)
    publishable = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    data.cleanup()
  })

  it('lists, adds and removes origins, shows the server’s validation message, and the API honours the list', async () => {
    const { page, consoleErrors } = await signIn(browser, server, '/ui/settings')
    const { card, input, add, list, problem, remove } = new SettingsPage(page).origins
    await card.getByText('No origins yet: only loopback redirects are allowed.').waitFor()

    await input.fill('https://app.example.com/callback')
    await add.click()
    await problem.getByText(/without a path/).waitFor()
    expect(await input.getAttribute('aria-invalid')).toBe('true')
    expect(originsOnServer()).toEqual([])

    await input.fill('http://app.example.com')
    await add.click()
    await problem.getByText(/must use https/).waitFor()
    expect(originsOnServer()).toEqual([])

    await input.fill('HTTPS://App.Example.com')
    await add.click()
    await list.getByText('https://app.example.com').waitFor()
    expect(await input.inputValue()).toBe('')
    expect(await problem.count()).toBe(0)
    await input.fill('https://other.example:8443')
    await add.click()
    await list.getByText('https://other.example:8443').waitFor()
    expect(originsOnServer()).toEqual(['https://app.example.com', 'https://other.example:8443'])
    expect((await sessionTo('https://app.example.com/done')).status).toBe(201)
    expect(await axeViolations(page)).toEqual([])
    await card.screenshot({ path: join(SCREENSHOTS, 'settings-redirect-origins.png') })

    await remove('https://app.example.com').click()
    await list.getByText('https://app.example.com', { exact: true }).waitFor({ state: 'detached' })
    expect(originsOnServer()).toEqual(['https://other.example:8443'])
    expect((await sessionTo('https://app.example.com/done')).status).toBe(400)

    await page.reload()
    await list.getByText('https://other.example:8443').waitFor()
    expect(consoleErrors.filter((e) => !e.includes('400'))).toEqual([])
  })
})
