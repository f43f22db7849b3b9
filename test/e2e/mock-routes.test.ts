import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { axeViolations, hasChromium, SCREENSHOTS } from '../helpers/browser.js'
import { firstSecretKey } from '../helpers/server.js'
import { simulatedConnect } from '../simulation/helpers.js'
import { setupDashboard } from './pages/dashboard.js'
import { MockRoutesPage } from './pages/mock-routes.js'

// The Mock routes page in the real Chromium against the real server: add, edit, disable and
// delete a route, each change seen by the proxy of a simulated Stripe connection; axe finds nothing.

let server: RunningServer
let conn: string
let key: string

const call = (path: string) =>
  fetch(`${server.url}/proxy/${conn}${path}`, { headers: { authorization: `Bearer ${key}` } })

describe.skipIf(!hasChromium)('the Mock routes page in Chromium', { timeout: 90_000 }, () => {
  const dash = setupDashboard()
  beforeAll(async () => {
    server = dash.server
    key = firstSecretKey(server)
    conn = await simulatedConnect(server, 'trello')
  })

  it('adds, edits, disables and deletes a mock route that the proxy answers with', async () => {
    const { page, consoleErrors } = await dash.signIn('/ui/overview')
    const mocks = new MockRoutesPage(page)
    const { form, list } = mocks
    await mocks.navLink.click()
    await mocks.heading('Mock routes').waitFor()
    await mocks.empty.waitFor()

    // A bad pattern is refused, next to its field.
    await form.provider.fill('trello')
    await form.path.fill('/v1/*/customers')
    await form.add.click()
    await mocks.text(/only allowed as the last segment/).waitFor()

    await form.path.fill('/v1/customers/:id')
    await form.body.fill('{"id":"{{params.id}}","object":"customer"}')
    await form.description.fill('one customer')
    await form.add.click()
    await list.getByText('GET /v1/customers/:id').waitFor()
    let res = await call('/v1/customers/cus_1')
    expect(res.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await res.json()).toEqual({ id: 'cus_1', object: 'customer' })

    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: join(SCREENSHOTS, 'mock-routes.png'), fullPage: true })

    const route = mocks.route('trello GET /v1/customers/:id')
    await route.edit.click()
    await form.status.fill('202')
    await form.save.click()
    await list.getByText('→ 202').waitFor()
    expect((await call('/v1/customers/cus_2')).status).toBe(202)

    await route.enabled.click()
    // The switch follows the stored state, once the server has it.
    await list.getByText('disabled').waitFor()
    expect(await route.enabled.isChecked()).toBe(false)
    expect((await call('/v1/customers/cus_3')).status).toBe(501)

    await mocks.delete('trello GET /v1/customers/:id')
    await mocks.empty.waitFor()
    res = await fetch(`${server.url}/api/mock-routes`, { headers: { authorization: `Bearer ${key}` } })
    expect(await res.json()).toEqual({ data: [] })
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([])
  })

  it('has no serious accessibility problems in the dark theme, with a route listed', async () => {
    await fetch(`${server.url}/api/mock-routes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'trello', method: '*', path: '/v1/*', enabled: false }),
    })
    const { page, consoleErrors } = await dash.signIn('/ui/mock-routes', 'dark')
    await new MockRoutesPage(page).list.getByText('* /v1/*').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(consoleErrors).toEqual([])
  })
})
