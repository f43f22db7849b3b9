import type { Locator, Page } from 'playwright-core'
import type { TestBrowser } from '../../helpers/browser.js'

/** What every dashboard page has: its heading, toasts, dialogs and the workspace switch. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  heading(name: string) {
    return this.page.getByRole('heading', { level: 1, name })
  }
  /** The level-1 heading, whatever it says. */
  get title() {
    return this.page.getByRole('heading', { level: 1 })
  }
  text(text: string | RegExp, options?: { exact?: boolean }) {
    return this.page.getByText(text, options)
  }
  dialog(name: string | RegExp) {
    return this.page.getByRole('dialog', { name })
  }
  get dialogs() {
    return this.page.getByRole('dialog')
  }
  confirmDialog(name: string | RegExp) {
    return new ConfirmDialog(this.dialog(name))
  }
  get workspace() {
    return this.page.getByLabel('Workspace')
  }
  get skipLink() {
    return this.page.getByRole('link', { name: 'Skip to content' })
  }
  /** The "Live" badge of a page that follows the server's event stream. */
  get live() {
    return this.page.getByRole('status').filter({ hasText: 'Live' })
  }
  get loading() {
    return this.page.getByRole('status').filter({ hasText: 'Loading' })
  }
}

/** A ConfirmMutationDialog: the confirm button, Cancel, and the API's problem when the call failed. */
export class ConfirmDialog {
  constructor(readonly root: Locator) {}

  button(label: string) {
    return this.root.getByRole('button', { name: label })
  }
  get cancel() {
    return this.root.getByRole('button', { name: 'Cancel' })
  }
  get problem() {
    return this.root.getByRole('alert')
  }
}

/**
 * A fresh tab signed in as the dashboard is: the admin token handed over once through `?token=`,
 * then `path` opened.
 */
export async function signIn(
  browser: TestBrowser,
  server: { url: string; adminToken: string },
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const tab = await browser.newPage({ colorScheme })
  await tab.page.goto(`${server.url}/?token=${server.adminToken}`)
  await new DashboardPage(tab.page).heading('Overview').waitFor()
  if (path !== '/ui/overview') await tab.page.goto(`${server.url}${path}`)
  return tab
}
