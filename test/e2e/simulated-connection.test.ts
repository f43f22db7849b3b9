import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoGithubRequests } from '../../src/core/providers-kit/github/seed.js'
import type { RunningServer } from '../../src/server/index.js'
import { axeViolations, hasChromium, SCREENSHOTS } from '../helpers/browser.js'
import { simulatedConnect } from '../simulation/helpers.js'
import { setupDashboard } from './pages/dashboard.js'

/**
 * A simulated GitHub connection in the dashboard, in Chromium: the simulated account's repositories
 * and issues, the API panel's example calls, and the faults panel (add, see it bite, clear).
 */
let server: RunningServer
let conn: string
const LOGIN = 'octo-demo'

/** Chromium reports every 4xx answer as a console error; the calls here fail on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'))

describe.skipIf(!hasChromium)('dashboard: a simulated GitHub connection', { timeout: 90_000 }, () => {
  const dash = setupDashboard()
  beforeAll(async () => {
    server = dash.server
    conn = await simulatedConnect(server, 'github', LOGIN)
    const workspace = server.core.workspaces.get('default')
    server.core.simulation.seed(workspace.id, conn, demoGithubRequests(LOGIN))
  })

  async function openConnection(colorScheme: 'light' | 'dark' = 'light') {
    const tab = await dash.signIn(`/ui/connections?id=${conn}`, colorScheme)
    await tab.page.getByRole('region', { name: 'Simulated account' }).waitFor()
    return tab
  }
  /** The faults API, called as the CLI would (the admin token stands in for a secret key). */
  const faultsApi = (method: string, body?: unknown) =>
    dash.api(method, `/api/connections/${conn}/faults`, body)
  const account = (page: Page) => page.getByRole('region', { name: 'Simulated account' })
  const faults = (page: Page) => page.getByRole('region', { name: 'Faults' })
  const apiPanel = (page: Page) => page.getByRole('region', { name: 'Call the provider API' })
  /** Picks an example call and sends it; the caller waits for the status it expects. */
  async function runExample(page: Page, label: string) {
    const panel = apiPanel(page)
    await panel.getByRole('button', { name: label }).click()
    await panel.getByRole('button', { name: 'Send' }).click()
  }

  it('shows the repositories and issues; an example call opens an issue that appears in the account', async () => {
    const { page, context, consoleErrors } = await openConnection()
    const repos = account(page).getByRole('table', { name: 'Repositories' })
    await repos.getByRole('cell', { name: `${LOGIN}/storefront` }).waitFor()
    const issues = account(page).getByRole('table', { name: 'Recent issues' })
    await issues.getByRole('cell', { name: 'Add Apple Pay to checkout' }).waitFor()

    const panel = apiPanel(page)
    await panel.getByRole('button', { name: 'Open an issue' }).click()
    expect(await panel.getByLabel('Method').inputValue()).toBe('POST')
    expect(await panel.getByLabel('Path').inputValue()).toBe(`/repos/${LOGIN}/storefront/issues`)
    expect(JSON.parse(await panel.getByLabel('Body (JSON, optional)').inputValue())).toMatchObject({
      title: 'Found a bug in checkout',
    })
    await panel.getByRole('button', { name: 'Send' }).click()
    await panel.getByTestId('api-status').getByText('201').waitFor()
    await issues.getByRole('cell', { name: 'Found a bug in checkout' }).waitFor()
    await repos.getByRole('row', { name: `${LOGIN}/storefront public 3` }).waitFor()

    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: join(SCREENSHOTS, 'simulated-connection.png'), fullPage: true })
    expect(unexpected(consoleErrors)).toEqual([])
    await context.close()
  })

  it('a rate_limit fault makes the next call a 403 with x-ratelimit headers; clearing empties the list', async () => {
    const { page, context, consoleErrors } = await openConnection()
    const panel = faults(page)
    const table = panel.getByRole('table', { name: 'Faults since the last clear' })
    await table.getByText('No faults: calls are answered normally.').waitFor()

    await panel.getByLabel('Fault', { exact: true }).selectOption('rate_limit')
    await panel.getByLabel('Calls').fill('1')
    await panel.getByRole('button', { name: 'Add fault' }).click()
    await table.getByRole('row', { name: /rate_limit 1 of 1 calls/ }).waitFor()

    await runExample(page, 'Get the user')
    await apiPanel(page).getByTestId('api-status').getByText('403').waitFor()
    expect(await apiPanel(page).getByRole('region', { name: 'Answer' }).innerText()).toContain(
      'x-ratelimit-remaining',
    )
    // The call used the fault up, and the panel reloaded after it.
    await table.getByRole('row', { name: /rate_limit used up/ }).waitFor()

    // Cancel first: the confirmation closes and the connection stays open with its fault.
    await panel.getByRole('button', { name: 'Clear faults' }).click()
    const confirm = page.getByRole('dialog', { name: 'Clear all faults?' })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'hidden' })
    await table.getByRole('row', { name: /rate_limit used up/ }).waitFor()

    await panel.getByRole('button', { name: 'Clear faults' }).click()
    await confirm.getByRole('button', { name: 'Clear faults' }).click()
    await table.getByText('No faults: calls are answered normally.').waitFor()
    expect(await panel.getByRole('button', { name: 'Clear faults' }).isDisabled()).toBe(true)

    await runExample(page, 'Get the user')
    await apiPanel(page).getByTestId('api-status').getByText('200').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(unexpected(consoleErrors)).toEqual([])
    await context.close()
  })

  it('a fault the API refuses (server_error with status 418) shows its validation message and adds nothing', async () => {
    const { page, context, consoleErrors } = await openConnection()
    const panel = faults(page)
    await panel.getByLabel('Fault', { exact: true }).selectOption('server_error')
    await panel.getByLabel('Status').fill('418')
    await panel.getByRole('button', { name: 'Add fault' }).click()
    await panel.getByRole('alert').getByText('expected 500, 502 or 503').waitFor()
    expect((await faultsApi('GET')).body.data).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect(unexpected(consoleErrors)).toEqual([])
    await context.close()
  })

  it('has no serious accessibility problems in the dark theme either', async () => {
    // A pending fault, so "Clear faults" (a danger button) is enabled and judged too.
    expect((await faultsApi('POST', { kind: 'rate_limit', count: 3 })).status).toBe(201)
    const { page, context, consoleErrors } = await openConnection('dark')
    await account(page).getByRole('table', { name: 'Repositories' }).getByRole('cell').first().waitFor()
    await faults(page)
      .getByRole('row', { name: /rate_limit 3 of 3 calls/ })
      .waitFor()
    await faults(page).getByLabel('Fault', { exact: true }).selectOption('server_error')
    expect(await axeViolations(page)).toEqual([])
    expect(unexpected(consoleErrors)).toEqual([])
    await context.close()
    expect((await faultsApi('DELETE')).status).toBe(204)
  })

  it('a fault added elsewhere (the API, as the CLI does) shows after "Refresh faults"', async () => {
    const { page, context } = await openConnection()
    const table = faults(page).getByRole('table', { name: 'Faults since the last clear' })
    await table.getByText('No faults: calls are answered normally.').waitFor()
    expect((await faultsApi('POST', { kind: 'latency', ms: 1500, count: 2 })).status).toBe(201)
    await faults(page).getByRole('button', { name: 'Refresh faults' }).click()
    await table.getByRole('row', { name: /latency 2 of 2 calls 1500 ms/ }).waitFor()
    await context.close()
  })
})
