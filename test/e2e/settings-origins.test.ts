import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, hasChromium, SCREENSHOTS } from '../helpers/browser.js'
import { setupDashboard } from './pages/dashboard.js'
import { SettingsPage } from './pages/settings.js'

const ui = setupDashboard()
let publishable: string

const originsOnServer = () => ui.server.core.redirectOrigins.list(ui.server.core.workspaces.get('default').id)
const sessionTo = (redirect_url: string) =>
  fetch(`${ui.server.url}/auth-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishable}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'github', tenant_id: 'acme', redirect_url }),
  })

// A real browser on 2 shared cores during the full suite: allow it time.
describe.skipIf(!hasChromium)('Settings › Allowed redirect origins, in Chromium', { timeout: 90_000 }, () => {
  beforeAll(() => {
    publishable = ui.server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
  })

  it('lists, adds and removes origins, shows the server’s validation message, and the API honours the list', async () => {
    const { page, consoleErrors } = await ui.signIn('/ui/settings')
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
