import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { axeViolations, hasChromium, isFocused, SCREENSHOTS } from '../helpers/browser.js'
import { startReceiver } from '../helpers/receiver.js'
import { ConnectionsPage } from './pages/connections.js'
import { DashboardPage, setupDashboard } from './pages/dashboard.js'
import { EventsPage } from './pages/events.js'
import { KeysPage } from './pages/keys.js'
import { OverviewPage } from './pages/overview.js'
import { ProvidersPage } from './pages/providers.js'
import { SettingsPage } from './pages/settings.js'

if (!hasChromium) {
  console.warn(
    '\n!!! SKIPPING the dashboard end-to-end tests: /usr/bin/chromium is absent. Install it with `apt-get install -y chromium` (CI does). !!!\n',
  )
}

const PAGES = [
  ['overview', '/ui/overview', 'Overview'],
  ['keys', '/ui/keys', 'API keys'],
  ['events', '/ui/events', 'Events'],
  ['connections', '/ui/connections', 'Connections'],
  ['installations', '/ui/installations', 'Installations'],
  ['providers', '/ui/providers', 'Providers'],
  ['provider-configs', '/ui/provider-configs', 'Provider configs'],
  ['settings', '/ui/settings', 'Settings'],
] as const

const ui = setupDashboard()
let receiver: Awaited<ReturnType<typeof startReceiver>>

const { api } = ui

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage })

// A real browser on 2 shared cores during the full suite: allow it time.
describe.skipIf(!hasChromium)('the dashboard in Chromium', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    receiver = await startReceiver()
  })
  afterAll(() => receiver?.close())

  it('opens a working dashboard at the address `switchyard serve` prints', async () => {
    const folder = tempDir()
    const child = spawn(process.execPath, ['bin/switchyard.js', 'serve', '--port', '0', '--data', folder.dir])
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const match = /dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=adm_\S+)/.exec(out)
          if (match) resolve(match[1]!)
        })
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)))
      })
      const { page, context } = await ui.browser.newPage()
      const overview = new OverviewPage(page)
      await page.goto(address)
      await overview.heading('Overview').waitFor()
      await overview.quickStartButton.click()
      const secret = (await overview.quickStartSecret.textContent())!
      expect(secret).toMatch(/^sk_/)
      await expect.poll(() => overview.text(`Bearer ${secret}`).count()).toBe(1)
      await shot(page, 'quick-start', false)
      const base = new URL(address).origin
      const res = await fetch(`${base}/api/api-keys/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}` },
      })
      expect(res.status).toBe(200)
      await context.close()
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
      folder.cleanup()
    }
  })

  it('shows only how to sign in when opened without the admin token', async () => {
    const { page, context } = await ui.browser.newPage()
    const apiCalls: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url())
    })
    await page.goto(`${ui.server.url}/ui/keys`)
    await expect
      .poll(() => new DashboardPage(page).title.textContent())
      .toBe('Open Switchyard from its address')
    await shot(page, 'no-token')
    expect(apiCalls).toEqual([])
    await context.close()
  })

  it('keeps the token for the tab and removes it from the address bar', async () => {
    const { page, context } = await ui.signIn('/ui/overview')
    expect(page.url()).not.toContain('token')
    expect(await page.evaluate(() => sessionStorage.getItem('switchyard.adminToken'))).toBe(
      ui.server.adminToken,
    )
    await context.close()
  })

  it('says the link expired when the token is wrong, and shows nothing else', async () => {
    const { page, context } = await ui.browser.newPage()
    await page.goto(`${ui.server.url}/?token=adm_not_the_token`)
    await expect.poll(() => new DashboardPage(page).title.textContent()).toBe('This link has expired')
    expect(await page.evaluate(() => sessionStorage.getItem('switchyard.adminToken'))).toBeNull()
    await context.close()
  })

  it('creates a key, shows it once, and revokes it after confirmation', async () => {
    const { page, context } = await ui.signIn('/ui/keys')
    const keys = new KeysPage(page)
    const key = await keys.createKey('E2E backend', 'secret')
    expect(key).toMatch(/^sk_/)
    await shot(page, 'keys-created', false)
    expect((await api('POST', '/api/api-keys/search', {}, key)).status).toBe(200)
    await keys.newKeyDialog.done.click()

    await keys.revoke('E2E backend')
    await keys.text('Key revoked').waitFor()
    const rejected = await api('POST', '/api/api-keys/search', {}, key)
    expect(rejected.status).toBe(401)
    expect(rejected.body.code).toBe('api_key_revoked')
    await context.close()
  })

  it('a confirmed delete that fails keeps its dialog open and shows the API problem inside it', async () => {
    const created = await api('POST', '/api/webhook-endpoints', { url: 'https://hooks.example.com/gone' })
    const { page, context } = await ui.signIn('/ui/settings')
    const settings = new SettingsPage(page)
    await settings.deleteEndpointButton('https://hooks.example.com/gone').click()
    const dialog = settings.deleteEndpointDialog
    // Deleted elsewhere while the dialog is open: the confirmed DELETE answers 404.
    expect((await api('DELETE', `/api/webhook-endpoints/${created.body.id}`)).status).toBe(204)
    await dialog.button('Delete endpoint').click()
    await dialog.problem.getByText('Could not delete').waitFor()
    expect(await dialog.problem.textContent()).toContain(
      `Webhook endpoint '${created.body.id}' does not exist.`,
    )
    expect(await dialog.button('Delete endpoint').isEnabled()).toBe(true)
    await dialog.cancel.click()
    await expect.poll(() => settings.dialogs.count()).toBe(0)
    await context.close()
  })

  it('connects an account through the simulator from the UI', async () => {
    const { page, context } = await ui.signIn('/ui/connections')
    const connections = new ConnectionsPage(page)
    const dialog = await connections.startConnect('github', /^GitHub github$/, 'tenant_e2e')
    await shot(page, 'connect-dialog', false)
    await dialog.submit.click()

    await connections.approve.click()
    await page.waitForURL(/\/ui\/connections/)
    await connections.drawer(/github · tenant_e2e/).active.waitFor()
    await connections.text('Account connected').waitFor()
    expect(page.url()).not.toContain('connection_id=')
    await shot(page, 'connection-detail', false)
    const found = await api('POST', '/api/connections/search', {
      filter: { tenant_id: { eq: 'tenant_e2e' } },
    })
    expect(found.body.data).toMatchObject([{ provider: 'github', status: 'active' }])

    // A flow that came back with an error says so, and the error leaves the address.
    await page.goto(`${ui.server.url}/ui/connections?error=access_denied&error_description=The+user+said+no`)
    await connections.text('The user said no').waitFor()
    expect(page.url()).not.toContain('error=')
    await context.close()
  })

  it('re-authorizes a connection after a failed refresh', async () => {
    const { page, context } = await ui.signIn('/ui/connections')
    const connections = new ConnectionsPage(page)
    await (await connections.startConnect('slack', /^Slack slack$/, 'tenant_reauth')).submit.click()
    await connections.approve.click()

    const drawer = connections.drawer(/slack · tenant_reauth/)
    await drawer.failRefresh.click()
    await drawer.needsReauth.waitFor()
    await shot(page, 'connection-needs-reauth', false)
    await drawer.reauthorize.click()
    await connections.connectDialog('Re-authorize the connection').submit.click()
    await connections.approve.click()
    await drawer.active.waitFor()
    const found = await api('POST', '/api/connections/search', {
      filter: { tenant_id: { eq: 'tenant_reauth' } },
    })
    expect(found.body.data).toMatchObject([{ provider: 'slack', status: 'active' }])
    await context.close()
  })

  it('shows a webhook live as it arrives, then forwards and replays it', async () => {
    const { page, context } = await ui.signIn('/ui/events')
    const events = new EventsPage(page)
    await events.live.waitFor()
    const body = JSON.stringify({ zen: 'Live from the e2e test', hook_id: 42 })
    const res = await fetch(`${ui.server.url}/webhooks/github`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'ping' },
      body,
    })
    expect(res.status).toBeLessThan(300)
    await events.eventButton('ping').click()

    const drawer = events.drawer('ping')
    await drawer.tab('Request').click()
    await drawer.root.getByText('"zen": "Live from the e2e test"').waitFor()
    await shot(page, 'event-request', false)
    await drawer.tab(/Deliveries/).click()
    await drawer.forwardTo.fill(receiver.url)
    await drawer.forward.click()
    await events.text('Delivered', { exact: true }).waitFor()
    expect(receiver.received.at(-1)).toMatchObject({ path: '/hooks', body })
    expect(receiver.received.at(-1)!.headers['x-github-event']).toBe('ping')

    await drawer.replay.click()
    await drawer.tab('Deliveries (2)').waitFor()
    expect(receiver.received.filter((r) => r.body === body)).toHaveLength(2)
    await shot(page, 'event-deliveries', false)
    await context.close()
  })

  it('finds Stripe when the search has a typo', async () => {
    const { page, context } = await ui.signIn('/ui/providers')
    const providers = new ProvidersPage(page)
    await providers.search.fill('stirpe')
    await expect.poll(() => providers.firstResult.textContent()).toContain('Stripe')
    await shot(page, 'providers-typo', false)
    await context.close()
  })

  it('switches workspaces and shows what to do in an empty one', async () => {
    await api('POST', '/api/admin/workspaces', { name: 'e2e-empty' })
    const { page, context } = await ui.signIn('/ui/keys')
    const keys = new KeysPage(page)
    await keys.workspace.selectOption('e2e-empty')
    await keys.emptyState.waitFor()
    await keys.workspace.selectOption('default')
    await context.close()
  })

  it('creates a key with the keyboard alone', async () => {
    const { page, context } = await ui.signIn('/ui/keys')
    const keys = new KeysPage(page)
    await keys.heading('API keys').waitFor()
    await page.keyboard.press('Tab')
    await expect.poll(() => isFocused(keys.skipLink)).toBe(true)
    let reached = false
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Create key')
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => isFocused(keys.createDialog.name)).toBe(true)
    await page.keyboard.type('Keyboard key')
    await page.keyboard.press('Enter')
    await keys.newKeyDialog.root.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => keys.dialogs.count()).toBe(0)
    await keys.text('Keyboard key').waitFor()
    await context.close()
  })

  for (const scheme of ['light', 'dark'] as const) {
    it(`renders every page without console errors or serious accessibility problems (${scheme})`, async () => {
      const { page, context, consoleErrors } = await ui.signIn('/ui/overview', scheme)
      const dashboard = new DashboardPage(page)
      for (const [name, path, title] of PAGES) {
        await page.goto(`${ui.server.url}${path}`)
        await dashboard.heading(title).waitFor()
        await expect.poll(() => dashboard.loading.count()).toBe(0)
        await shot(page, `${name}-${scheme}`)
        expect(await axeViolations(page), `${path} (${scheme})`).toEqual([])
      }
      expect(consoleErrors).toEqual([])
      await context.close()
    })
  }
})
