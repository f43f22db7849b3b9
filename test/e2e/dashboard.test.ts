import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import {
  axeViolations,
  hasChromium,
  isFocused,
  launchBrowser,
  SCREENSHOTS,
  type TestBrowser,
} from '../helpers/browser.js'
import { startQuietServer } from '../helpers/server.js'

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

const data = tempDir()
let server: RunningServer
let browser: TestBrowser
const received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = []
let receiver: Server
let receiverUrl: string

/** Calls the API as the UI does (admin token), from the test. */
const api = async (method: string, path: string, body?: unknown, key = server.adminToken) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const answer = res.status === 204 ? {} : ((await res.json()) as Record<string, unknown>)
  return { status: res.status, body: answer }
}

/** A signed-in tab: the token is handed over once through `?token=`, then the page opens. */
async function signedIn(path: string, colorScheme: 'light' | 'dark' = 'light') {
  const tab = await browser.newPage({ colorScheme })
  await tab.page.goto(`${server.url}/?token=${server.adminToken}`)
  await tab.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
  if (path !== '/ui/overview') await tab.page.goto(`${server.url}${path}`)
  return tab
}

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage })

// A real browser on 2 shared cores during the full suite: allow it time.
describe.skipIf(!hasChromium)('the dashboard in Chromium', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    execFileSync(process.execPath, ['renderer/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })
    server = await startQuietServer(data.dir)
    browser = await launchBrowser()
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() })
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await new Promise((resolve) => receiver?.close(resolve))
    data.cleanup()
  })

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
      const { page, context } = await browser.newPage()
      await page.goto(address)
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
      await page.getByRole('button', { name: 'Create quick-start keys' }).click()
      const secret = (await page
        .getByRole('region', { name: 'Quick start' })
        .locator('.copy-field code')
        .first()
        .textContent())!
      expect(secret).toMatch(/^sk_/)
      await expect.poll(() => page.getByText(`Bearer ${secret}`).count()).toBe(1)
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
    const { page, context } = await browser.newPage()
    const apiCalls: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url())
    })
    await page.goto(`${server.url}/ui/keys`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Open Switchyard from its address')
    await shot(page, 'no-token')
    expect(apiCalls).toEqual([])
    await context.close()
  })

  it('keeps the token for the tab and removes it from the address bar', async () => {
    const { page, context } = await signedIn('/ui/overview')
    expect(page.url()).not.toContain('token')
    expect(await page.evaluate(() => sessionStorage.getItem('switchyard.adminToken'))).toBe(server.adminToken)
    await context.close()
  })

  it('says the link expired when the token is wrong, and shows nothing else', async () => {
    const { page, context } = await browser.newPage()
    await page.goto(`${server.url}/?token=adm_not_the_token`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('This link has expired')
    expect(await page.evaluate(() => sessionStorage.getItem('switchyard.adminToken'))).toBeNull()
    await context.close()
  })

  it('creates a key, shows it once, and revokes it after confirmation', async () => {
    const { page, context } = await signedIn('/ui/keys')
    await page.getByRole('button', { name: 'Create key' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create an API key' })
    await dialog.getByLabel('Name').fill('E2E backend')
    await dialog.getByLabel('Role').selectOption('secret')
    await dialog.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByRole('dialog', { name: 'Copy your new key' })
    const key = (await shown.locator('code').textContent())!.trim()
    expect(key).toMatch(/^sk_/)
    await shot(page, 'keys-created', false)
    expect((await api('POST', '/api/api-keys/search', {}, key)).status).toBe(200)
    await shown.getByRole('button', { name: 'Done' }).click()

    await page.getByRole('button', { name: 'Revoke E2E backend' }).click()
    await page
      .getByRole('dialog', { name: /Revoke/ })
      .getByRole('button', { name: 'Revoke key' })
      .click()
    await page.getByText('Key revoked').waitFor()
    const rejected = await api('POST', '/api/api-keys/search', {}, key)
    expect(rejected.status).toBe(401)
    expect(rejected.body.code).toBe('api_key_revoked')
    await context.close()
  })

  it('a confirmed delete that fails keeps its dialog open and shows the API problem inside it', async () => {
    const created = await api('POST', '/api/webhook-endpoints', { url: 'https://hooks.example.com/gone' })
    const { page, context } = await signedIn('/ui/settings')
    await page.getByRole('button', { name: 'Delete endpoint https://hooks.example.com/gone' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' })
    // Deleted elsewhere while the dialog is open: the confirmed DELETE answers 404.
    expect((await api('DELETE', `/api/webhook-endpoints/${created.body.id}`)).status).toBe(204)
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click()
    const problem = dialog.getByRole('alert')
    await problem.getByText('Could not delete').waitFor()
    expect(await problem.textContent()).toContain(`Webhook endpoint '${created.body.id}' does not exist.`)
    expect(await dialog.getByRole('button', { name: 'Delete endpoint' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  it('connects an account through the simulator from the UI', async () => {
    const { page, context } = await signedIn('/ui/connections')
    await page.getByRole('button', { name: 'Connect an account' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Connect an account' })
    await dialog.getByRole('searchbox', { name: 'Search providers' }).fill('github')
    await dialog.getByRole('radio', { name: /^GitHub github$/ }).check()
    await dialog.getByLabel('Tenant id').fill('tenant_e2e')
    await shot(page, 'connect-dialog', false)
    await dialog.getByRole('button', { name: 'Continue to consent' }).click()

    await page.getByRole('link', { name: 'Approve', exact: true }).click()
    await page.waitForURL(/\/ui\/connections/)
    const drawer = page.getByRole('dialog', { name: /github · tenant_e2e/ })
    await drawer.getByText('active', { exact: true }).waitFor()
    await page.getByText('Account connected').waitFor()
    expect(page.url()).not.toContain('connection_id=')
    await shot(page, 'connection-detail', false)
    const found = await api('POST', '/api/connections/search', {
      filter: { tenant_id: { eq: 'tenant_e2e' } },
    })
    expect(found.body.data).toMatchObject([{ provider: 'github', status: 'active' }])

    // A flow that came back with an error says so, and the error leaves the address.
    await page.goto(`${server.url}/ui/connections?error=access_denied&error_description=The+user+said+no`)
    await page.getByText('The user said no').waitFor()
    expect(page.url()).not.toContain('error=')
    await context.close()
  })

  it('re-authorizes a connection after a failed refresh', async () => {
    const { page, context } = await signedIn('/ui/connections')
    await page.getByRole('button', { name: 'Connect an account' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Connect an account' })
    await dialog.getByRole('searchbox', { name: 'Search providers' }).fill('slack')
    await dialog.getByRole('radio', { name: /^Slack slack$/ }).check()
    await dialog.getByLabel('Tenant id').fill('tenant_reauth')
    await dialog.getByRole('button', { name: 'Continue to consent' }).click()
    await page.getByRole('link', { name: 'Approve', exact: true }).click()

    const drawer = page.getByRole('dialog', { name: /slack · tenant_reauth/ })
    await drawer.getByRole('button', { name: 'Simulate a failed refresh' }).click()
    await drawer.getByText('This connection needs re-authorization.').waitFor()
    await shot(page, 'connection-needs-reauth', false)
    await drawer.getByRole('button', { name: 'Re-authorize' }).click()
    await page
      .getByRole('dialog', { name: 'Re-authorize the connection' })
      .getByRole('button', { name: 'Continue to consent' })
      .click()
    await page.getByRole('link', { name: 'Approve', exact: true }).click()
    await page
      .getByRole('dialog', { name: /slack · tenant_reauth/ })
      .getByText('active', { exact: true })
      .waitFor()
    const found = await api('POST', '/api/connections/search', {
      filter: { tenant_id: { eq: 'tenant_reauth' } },
    })
    expect(found.body.data).toMatchObject([{ provider: 'slack', status: 'active' }])
    await context.close()
  })

  it('shows a webhook live as it arrives, then forwards and replays it', async () => {
    const { page, context } = await signedIn('/ui/events')
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    const body = JSON.stringify({ zen: 'Live from the e2e test', hook_id: 42 })
    const res = await fetch(`${server.url}/webhooks/github`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'ping' },
      body,
    })
    expect(res.status).toBeLessThan(300)
    const row = page.getByRole('row').filter({ hasText: 'ping' })
    await row.waitFor()
    await row.getByRole('button', { name: 'ping' }).click()

    const drawer = page.getByRole('dialog', { name: 'ping' })
    await drawer.getByRole('tab', { name: 'Request' }).click()
    await drawer.getByText('"zen": "Live from the e2e test"').waitFor()
    await shot(page, 'event-request', false)
    await drawer.getByRole('tab', { name: /Deliveries/ }).click()
    await drawer.getByLabel('Forward to').fill(receiverUrl)
    await drawer.getByRole('button', { name: 'Forward' }).click()
    await page.getByText('Delivered', { exact: true }).waitFor()
    expect(received.at(-1)).toMatchObject({ path: '/hooks', body })
    expect(received.at(-1)!.headers['x-github-event']).toBe('ping')

    await drawer.getByRole('button', { name: /^Replay to/ }).click()
    await drawer.getByRole('tab', { name: 'Deliveries (2)' }).waitFor()
    expect(received.filter((r) => r.body === body)).toHaveLength(2)
    await shot(page, 'event-deliveries', false)
    await context.close()
  })

  it('finds Stripe when the search has a typo', async () => {
    const { page, context } = await signedIn('/ui/providers')
    await page.getByRole('searchbox', { name: 'Search' }).fill('stirpe')
    const first = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()
    await expect.poll(() => first.textContent()).toContain('Stripe')
    await shot(page, 'providers-typo', false)
    await context.close()
  })

  it('switches workspaces and shows what to do in an empty one', async () => {
    await api('POST', '/api/admin/workspaces', { name: 'e2e-empty' })
    const { page, context } = await signedIn('/ui/keys')
    await page.getByLabel('Workspace').selectOption('e2e-empty')
    await page.getByRole('heading', { name: 'No keys yet' }).waitFor()
    await page.getByLabel('Workspace').selectOption('default')
    await context.close()
  })

  it('creates a key with the keyboard alone', async () => {
    const { page, context } = await signedIn('/ui/keys')
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor()
    await page.keyboard.press('Tab')
    await expect.poll(() => isFocused(page.getByRole('link', { name: 'Skip to content' }))).toBe(true)
    let reached = false
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Create key')
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => isFocused(page.getByRole('dialog', { name: 'Create an API key' }).getByLabel('Name')))
      .toBe(true)
    await page.keyboard.type('Keyboard key')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Copy your new key' }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await page.getByText('Keyboard key').waitFor()
    await context.close()
  })

  for (const scheme of ['light', 'dark'] as const) {
    it(`renders every page without console errors or serious accessibility problems (${scheme})`, async () => {
      const { page, context, consoleErrors } = await signedIn('/ui/overview', scheme)
      for (const [name, path, title] of PAGES) {
        await page.goto(`${server.url}${path}`)
        await page.getByRole('heading', { level: 1, name: title }).waitFor()
        await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0)
        await shot(page, `${name}-${scheme}`)
        expect(await axeViolations(page), `${path} (${scheme})`).toEqual([])
      }
      expect(consoleErrors).toEqual([])
      await context.close()
    })
  }
})
