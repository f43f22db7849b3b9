import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'

/** Debian's chromium; CI installs it (`.ci/run`). */
export const CHROMIUM = '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)

/** Where e2e screenshots go (git-ignored). */
export const SCREENSHOTS = join(process.cwd(), 'screenshots')

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface TestBrowser {
  browser: Browser
  /** A fresh context (own storage) with console errors and page errors collected. */
  newPage(options?: {
    colorScheme?: 'light' | 'dark'
  }): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[] }>
  close(): Promise<void>
}

/**
 * Launches the real Chromium. playwright-core gives every launch a fresh temporary user-data dir
 * (and removes it on close), so runs never share a profile.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  mkdirSync(SCREENSHOTS, { recursive: true })
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: 1360, height: 900 },
        colorScheme: options.colorScheme ?? 'light',
        reducedMotion: 'reduce',
      })
      const page = await context.newPage()
      page.setDefaultTimeout(20_000)
      const consoleErrors: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text())
      })
      page.on('pageerror', (e) => consoleErrors.push(e.message))
      return { page, context, consoleErrors }
    },
    async close() {
      await browser.close()
    },
  }
}

/** axe-core's browser build, evaluated in the page (not a script tag, so the UI's CSP stays on). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** Runs axe-core on the page; returns the violations of the given impacts. */
export async function axeViolations(page: Page, impacts = ['serious', 'critical']): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the evaluated source defines.
    const axe = (window as any).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return (
      result.violations as Array<{
        id: string
        impact: string | null
        help: string
        nodes: Array<{ target: string[] }>
      }>
    ).map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }))
  })
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact))
}

/** True when the locator's element has focus. */
export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)
