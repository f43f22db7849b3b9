import { execFileSync } from 'node:child_process'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { RunningServer, ServerConfig } from '../../../src/server/index.js'
import { tempDir } from '../../helpers/app.js'
import { hasChromium, launchBrowser, type TestBrowser } from '../../helpers/browser.js'
import { startQuietServer } from '../../helpers/server.js'

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

/**
 * For a file of dashboard tests: builds the renderer if it is stale, starts a quiet server on a
 * temp data folder and launches Chromium before the tests, closes both and removes the folder
 * after them. Does nothing where Chromium is absent (the tests are skipped there).
 * Read `server` and `browser` inside tests and hooks.
 */
export function setupDashboard(config: Partial<ServerConfig> = {}) {
  const data = tempDir()
  let server: RunningServer | undefined
  let browser: TestBrowser | undefined
  beforeAll(async () => {
    if (!hasChromium) return
    execFileSync(process.execPath, ['renderer/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })
    server = await startQuietServer(data.dir, config)
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    data.cleanup()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('setupDashboard: starts in beforeAll; use it inside a test')
    return value
  }
  return {
    get server() {
      return started(server)
    },
    get browser() {
      return started(browser)
    },
    dataDir: data.dir,
    /** Calls the API as the dashboard does (admin token unless `key` is given), from the test. */
    api: async (method: string, path: string, body?: unknown, key?: string) => {
      const running = started(server)
      const res = await fetch(`${running.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key ?? running.adminToken}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      const answer = res.status === 204 ? {} : ((await res.json()) as Record<string, unknown>)
      return { status: res.status, body: answer }
    },
    /** A fresh tab signed in to this server, at `path`. */
    signIn: (path: string, colorScheme: 'light' | 'dark' = 'light') =>
      signIn(started(browser), started(server), path, colorScheme),
  }
}
