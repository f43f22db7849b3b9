import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasChromium, SCREENSHOTS } from '../helpers/browser.js'
import { setupDashboard } from './pages/dashboard.js'
import { EventsPage } from './pages/events.js'

// A brand-new data folder: the log is empty, as on a QA user's first start.
const ui = setupDashboard()

const sendWebhook = (body: string) =>
  fetch(`${ui.server.url}/webhooks/github`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': 'push' },
    body,
  })

// A real browser on 2 shared cores during the full suite: allow it time.
describe.skipIf(!hasChromium)('the Events page on an empty log, in Chromium', { timeout: 90_000 }, () => {
  it('a webhook sent while the page shows "Waiting for the first event" appears live, without a reload', async () => {
    const { page, consoleErrors } = await ui.signIn('/ui/events')
    const events = new EventsPage(page)
    const { log } = events
    await log.getByText('Waiting for the first event').waitFor()
    await events.live.waitFor()

    expect((await sendWebhook('{"ref":"refs/heads/main"}')).status).toBe(200)
    await events.eventButton('push').waitFor()
    expect(await log.getByText('Waiting for the first event').count()).toBe(0)
    await log.getByText('Showing 1 event').waitFor()

    expect((await sendWebhook('{"ref":"refs/heads/dev"}')).status).toBe(200)
    await log.getByText('Showing 2 events').waitFor()
    expect(await events.eventButton('push').count()).toBe(2)
    await page.screenshot({ path: join(SCREENSHOTS, 'events-live-from-empty.png') })
    expect(consoleErrors).toEqual([])
  })

  it('with a filter that matches nothing yet, a matching live arrival replaces the "no match" state', async () => {
    const { page } = await ui.signIn('/ui/events?provider=stripe')
    const events = new EventsPage(page)
    const { log } = events
    await log.getByText('No event matches these filters').waitFor()
    await events.live.waitFor()
    const res = await fetch(`${ui.server.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"invoice.paid"}',
    })
    expect(res.status).toBe(200)
    await events.eventButton('invoice.paid').waitFor()
    expect(await log.getByText('No event matches these filters').count()).toBe(0)
  })
})
