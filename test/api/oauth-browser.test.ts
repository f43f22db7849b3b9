import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { hasChromium, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { startQuietServer } from '../helpers/server.js'

/** The "done when": a user opens the session URL in a real browser and approves on the consent screen. */
if (!hasChromium) {
  console.warn(
    '\n!!! oauth-browser.test.ts SKIPPED: /usr/bin/chromium is missing (apt-get install -y chromium) !!!\n',
  )
}

describe.skipIf(!hasChromium)('the simulated consent screen in Chromium', () => {
  const data = tempDir()
  let server: RunningServer
  let browser: TestBrowser
  let receiver: Server
  let receiverUrl: string

  beforeAll(async () => {
    server = await startQuietServer(data.dir)
    receiver = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>app</title>ok'),
    )
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/connected`
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server.close()
    await new Promise((resolve) => receiver.close(resolve))
    data.cleanup()
  })

  const session = async (body: Record<string, unknown>) => {
    const key = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
    const res = await fetch(`${server.url}/auth-sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return (await res.json()) as { url: string }
  }

  it('Approve leads to the app’s redirect_url with connection_id, with no console errors (CSP included)', async () => {
    const { url } = await session({ provider: 'github', tenant_id: 'acme', redirect_url: receiverUrl })
    const { page, context, consoleErrors } = await browser.newPage()
    await page.goto(url)
    expect(await page.textContent('h1')).toContain('GitHub')
    await page.getByRole('link', { name: 'Approve', exact: true }).click()
    await page.waitForURL(/\/connected\?connection_id=conn_/)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('Deny leads to the app with error=access_denied', async () => {
    const { url } = await session({ provider: 'slack', tenant_id: 'acme', redirect_url: receiverUrl })
    const { page, context } = await browser.newPage({ colorScheme: 'dark' })
    await page.goto(url)
    await page.getByRole('link', { name: 'Deny' }).click()
    await page.waitForURL(/\/connected\?error=access_denied/)
    await context.close()
  })

  it('the consent and result pages have no serious or critical accessibility violations (axe-core)', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    // The pages forbid scripts by CSP; only this audit context may inject one.
    const context = await browser.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    const audit = async () => {
      await page.addScriptTag({ content: axe })
      const result = await page.evaluate(async () => {
        const run = (
          window as unknown as {
            axe: { run(): Promise<{ violations: Array<{ id: string; impact: string }> }> }
          }
        ).axe
        return (await run.run()).violations.map((v) => `${v.impact}: ${v.id}`)
      })
      return result.filter((v) => v.startsWith('serious') || v.startsWith('critical'))
    }
    const { url } = await session({ provider: 'github', tenant_id: 'acme' })
    await page.goto(url)
    expect(await audit()).toEqual([])
    await page.getByRole('link', { name: 'Approve', exact: true }).click()
    await page.waitForURL(/\/oauth\/callback/)
    expect(await audit()).toEqual([])
    await context.close()
  })

  it('"Approve, then fail the token exchange" without redirect_url shows the failure page', async () => {
    const { url } = await session({ provider: 'notion', tenant_id: 'acme' })
    const { page, context, consoleErrors } = await browser.newPage()
    await page.goto(url)
    await page.getByRole('link', { name: 'Approve, then fail the token exchange' }).click()
    await page.waitForURL(/\/oauth\/callback/)
    expect(await page.textContent('h1')).toBe('Notion was not connected')
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
