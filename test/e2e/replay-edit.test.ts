import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { verify as githubVerify } from '@octokit/webhooks-methods'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../src/core/webhooks/signatures.js'
import { hasChromium, SCREENSHOTS } from '../helpers/browser.js'
import { startReceiver } from '../helpers/receiver.js'
import { setupDashboard } from './pages/dashboard.js'
import { EventsPage } from './pages/events.js'

// "Edit and replay" in the event view, the test-webhook dialog's known types, and the duplicate
// badge and filter of the Events page, in the real Chromium against the real server.

const SECRET = 'whsec_ZTJlLXJlcGxheS1lZGl0LXNlY3JldA=='
const ui = setupDashboard()
let receiver: Awaited<ReturnType<typeof startReceiver>>

const { api } = ui

const capture = async (provider: string, body: string, headers: Record<string, string>) => {
  const res = await fetch(`${ui.server.url}/webhooks/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
  return ((await res.json()) as { id: string }).id
}

describe.skipIf(!hasChromium)(
  'edit and replay, trigger types and duplicates in Chromium',
  { timeout: 90_000 },
  () => {
    beforeAll(async () => {
      receiver = await startReceiver(202)
      await api('POST', '/api/provider-configs', { provider: 'github', webhook_secret: SECRET })
      await api('POST', '/api/provider-configs', { provider: 'clerk', webhook_secret: SECRET })
    })
    afterAll(() => receiver?.close())

    it('edits headers and body, re-signs, shows the diff, sends, and links the replay event', async () => {
      const original = JSON.stringify({ zen: 'Before the edit', hook_id: 7 }, null, 2)
      const id = await capture('github', original, {
        'x-github-event': 'ping',
        'x-custom': 'drop-me',
        'x-hub-signature-256': 'sha256=00',
      })
      const { page, context } = await ui.signIn(`/ui/events?id=${id}`)
      const events = new EventsPage(page)
      await events.drawer('ping').editAndReplay.click()

      const dialog = events.replayDialog
      await dialog.sendTo.fill(receiver.url)
      const { headers } = dialog
      const text = await headers.inputValue()
      expect(text).toContain('x-custom: drop-me')
      expect(text).not.toMatch(/^host:/im)
      await headers.fill(
        text
          .split('\n')
          .filter((l) => !l.toLowerCase().startsWith('x-custom:'))
          .map((l) => (l.toLowerCase().startsWith('x-github-event:') ? 'x-github-event: push' : l))
          .join('\n'),
      )
      const edited = JSON.stringify({ zen: 'After the edit', hook_id: 7 }, null, 2)
      await dialog.body.fill(edited)
      await dialog.resign.check()
      await dialog.review.click()

      const headerDiff = dialog.diff('headers')
      await expect.poll(() => headerDiff.textContent()).toContain('+ x-github-event: push')
      expect(await headerDiff.textContent()).toContain('- x-custom')
      const bodyDiff = dialog.diff('body')
      expect(await bodyDiff.locator('.diff-removed').allTextContents()).toEqual([
        '-   "zen": "Before the edit",',
      ])
      expect(await bodyDiff.locator('.diff-added').allTextContents()).toEqual([
        '+   "zen": "After the edit",',
      ])
      await dialog.root.getByText('re-signed').waitFor()
      await page.screenshot({ path: join(SCREENSHOTS, 'replay-edit-review.png') })
      expect(receiver.received).toHaveLength(0)

      await dialog.send.click()
      await dialog.root.getByText(`${receiver.url} answered 202`).waitFor()
      const got = receiver.received.at(-1)!
      expect(got.body).toBe(edited)
      expect(got.headers['x-github-event']).toBe('push')
      expect(got.headers['x-custom']).toBeUndefined()
      expect(await githubVerify(SECRET, edited, got.headers['x-hub-signature-256'] as string)).toBe(true)

      await dialog.openReplay.click()
      const replayDrawer = events.dialog('push')
      await replayDrawer.getByRole('button', { name: id }).waitFor()
      await replayDrawer.getByText('webhook.replayed').first().waitFor()
      await context.close()
    })

    it('bad header lines are shown and block the review', async () => {
      const id = await capture('github', '{}', { 'x-github-event': 'issues' })
      const { page, context } = await ui.signIn(`/ui/events?id=${id}`)
      const events = new EventsPage(page)
      await events.drawer('issues').editAndReplay.click()
      const dialog = events.replayDialog
      await dialog.sendTo.fill(receiver.url)
      await dialog.headers.fill('not a header line')
      await dialog.root.getByText('Line 1 is not "Name: value".').waitFor()
      expect(await dialog.review.isDisabled()).toBe(true)
      await context.close()
    })

    it('the test-webhook dialog offers only the known event types of a provider with samples', async () => {
      const { page, context } = await ui.signIn('/ui/events')
      const events = new EventsPage(page)
      await events.testWebhookButton.click()
      const dialog = events.testWebhookDialog
      const { type } = dialog
      await expect.poll(() => type.evaluate((el) => el.tagName)).toBe('SELECT')
      const options = await type.locator('option:not([disabled])').allTextContents()
      expect(options).toContain('push')
      expect(options).toContain('pull_request')
      expect(options).not.toContain('nosuchevent')
      await dialog.provider.fill('trello')
      await expect.poll(() => dialog.type.evaluate((el) => el.tagName)).toBe('INPUT')
      await context.close()
    })

    it('marks duplicates with a badge and hides them on request', async () => {
      const body = '{"type":"user.created","data":{"id":"user_dup"}}'
      const signed = signatureHeaders(
        'standard_webhooks',
        SECRET,
        Buffer.from(body),
        Date.now(),
        'msg_e2e_dup',
      )
      const first = await capture('clerk', body, signed)
      const second = await capture('clerk', body, signed)
      expect((await api('GET', `/api/events/${second}`)).body.duplicate_of).toBe(first)

      const { page, context } = await ui.signIn('/ui/events?provider=clerk')
      const events = new EventsPage(page)
      const rows = events.rows('user.created')
      await expect.poll(() => rows.count()).toBe(2)
      await expect.poll(() => rows.filter({ hasText: 'duplicate' }).count()).toBe(1)
      expect(await rows.filter({ hasText: 'duplicate' }).textContent()).toContain(second)
      await events.duplicates.selectOption('hide')
      await expect.poll(() => rows.count()).toBe(1)
      expect(await rows.first().textContent()).toContain(first)
      // The export follows the filters on screen: no duplicate in it either.
      const [download] = await Promise.all([page.waitForEvent('download'), events.exportButton.click()])
      const exported = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id)
      expect(exported).toContain(first)
      expect(exported).not.toContain(second)
      await context.close()
    })
  },
)
