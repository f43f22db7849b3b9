import { DashboardPage } from './dashboard.js'

/** Events: the live log, its filters and an event's drawer (request, deliveries, replay). */
export class EventsPage extends DashboardPage {
  get log() {
    return this.page.getByRole('region', { name: 'Event log' })
  }
  get table() {
    return this.log.getByRole('table', { name: 'Events, newest first' })
  }
  /** The button that opens an event of this type in the log. */
  eventButton(type: string) {
    return this.table.getByRole('button', { name: type })
  }
  /** The rows that mention `text` (an event type, an id, a badge). */
  rows(text: string) {
    return this.page.getByRole('row').filter({ hasText: text })
  }
  get duplicates() {
    return this.page.getByLabel('Duplicates')
  }
  get exportButton() {
    return this.page.getByRole('button', { name: 'Export' })
  }
  get testWebhookButton() {
    return this.page.getByRole('button', { name: 'Send a test webhook' }).first()
  }
  get testWebhookDialog() {
    const root = this.dialog('Send a test webhook')
    return { root, provider: root.getByLabel('Provider'), type: root.getByLabel('Event type') }
  }
  drawer(name: string) {
    const root = this.dialog(name)
    return {
      root,
      tab: (tab: string | RegExp) => root.getByRole('tab', { name: tab }),
      forwardTo: root.getByLabel('Forward to'),
      forward: root.getByRole('button', { name: 'Forward' }),
      replay: root.getByRole('button', { name: /^Replay to/ }),
      editAndReplay: root.getByRole('button', { name: 'Edit and replay' }),
    }
  }
  get replayDialog() {
    const root = this.dialog('Edit and replay')
    return {
      root,
      sendTo: root.getByLabel('Send to'),
      headers: root.getByLabel('Headers'),
      body: root.getByLabel('Body'),
      resign: root.getByLabel(/Re-sign/),
      review: root.getByRole('button', { name: 'Review changes' }),
      send: root.getByRole('button', { name: 'Send replay' }),
      openReplay: root.getByRole('button', { name: /Open the replay event/ }),
      diff: (part: 'headers' | 'body') => root.locator(`pre[data-diff="${part}"]`),
    }
  }
}
