import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { axeViolations, hasChromium, SCREENSHOTS } from '../helpers/browser.js'
import { setupDashboard } from './pages/dashboard.js'

/** The provider detail view says, in plain words, what a real connect to that provider needs. */
const ui = setupDashboard()

describe.skipIf(!hasChromium)('provider detail: what connecting needs', { timeout: 90_000 }, () => {
  /** Opens the provider's detail drawer and returns the text of its requirements section. */
  async function requirementsOf(id: string) {
    const tab = await ui.signIn(`/ui/providers?id=${id}`)
    const section = tab.page.getByRole('region', { name: 'What connecting needs (real mode)' })
    await section.waitFor()
    return { ...tab, text: await section.innerText() }
  }

  it('Jira: the required authorization parameters, PKCE and client_secret_post', async () => {
    const { text, context } = await requirementsOf('jira')
    expect(text).toContain('audience=api.atlassian.com&prompt=consent')
    expect(text).toContain('without PKCE')
    expect(text).toContain('client_secret_post')
    await context.close()
  })

  it('Zendesk: the subdomain to ask for, and the API base it fills', async () => {
    const { text, context } = await requirementsOf('zendesk')
    expect(text).toMatch(/Ask the user for subdomain/)
    expect(text).toContain('https://{subdomain}.zendesk.com/api/v2')
    await context.close()
  })

  it('the provider config dialog sets the auth method, extra parameters and API base URL', async () => {
    const tab = await ui.signIn(`/ui/provider-configs?new=zendesk`)
    const dialog = tab.page.getByRole('dialog', { name: 'New provider config' })
    await dialog.getByRole('radio', { name: /Zendesk/ }).check()
    await dialog.getByLabel('Token endpoint authentication').selectOption('client_secret_post')
    await dialog.getByLabel('Extra authorization parameters').fill('prompt=login&locale=de')
    await dialog.getByLabel('API base URL').fill('https://{subdomain}.zendesk-staging.example/api/v2')
    await dialog.getByRole('button', { name: 'Create config' }).click()
    await dialog.waitFor({ state: 'detached' })
    const res = await fetch(`${ui.server.url}/api/provider-configs/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ui.server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { provider: { eq: 'zendesk' } } }),
    })
    expect((await res.json()).data).toMatchObject([
      {
        token_endpoint_auth_method: 'client_secret_post',
        authorization_params: { prompt: 'login', locale: 'de' },
        api_base_url: 'https://{subdomain}.zendesk-staging.example/api/v2',
      },
    ])
    expect(tab.consoleErrors).toEqual([])
    await tab.context.close()
  })

  it('the custom provider dialog sets issuer, auth method and API base; an edit keeps what it does not show', async () => {
    const created = await fetch(`${ui.server.url}/api/providers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ui.server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'realm',
        name: 'Realm',
        auth: {
          type: 'oauth2',
          authorization_url: 'http://127.0.0.1:9/auth',
          token_url: 'http://127.0.0.1:9/token',
          pkce: false,
          authorization_params: { audience: 'api' },
          token_response: { metadata: { team_id: { path: 'team.id', example: 'T1' } } },
        },
      }),
    })
    expect(created.status).toBe(201)
    const tab = await ui.signIn(`/ui/providers?id=realm`)
    await tab.page.getByRole('button', { name: 'Edit' }).click()
    const dialog = tab.page.getByRole('dialog', { name: 'Edit Realm' })
    await dialog.getByLabel('Issuer').fill('http://127.0.0.1:9/realms/acme')
    await dialog.getByLabel('Token endpoint authentication').selectOption('client_secret_post')
    await dialog.getByLabel('API base URL').fill('http://127.0.0.1:9/api')
    await dialog.getByRole('button', { name: /Save/ }).click()
    await dialog.waitFor({ state: 'detached' })
    const res = await fetch(`${ui.server.url}/api/providers/realm`, {
      headers: { authorization: `Bearer ${ui.server.adminToken}` },
    })
    expect(await res.json()).toMatchObject({
      api: { base_url: 'http://127.0.0.1:9/api' },
      auth: {
        issuer: 'http://127.0.0.1:9/realms/acme',
        token_endpoint_auth_method: 'client_secret_post',
        pkce: false,
        authorization_params: { audience: 'api' },
        token_response: { metadata: { team_id: { path: 'team.id' } } },
      },
    })
    expect(tab.consoleErrors).toEqual([])
    await tab.context.close()
  })

  it('the connection view shows the metadata a (simulated) Salesforce connect left', async () => {
    const publishable = ui.server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
    const created = await fetch(`${ui.server.url}/auth-sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishable}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'salesforce',
        tenant_id: 'acme',
        redirect_url: 'http://127.0.0.1:9/done',
      }),
    })
    let next = `${(await created.json()).url}?simulate=approve`
    while (!next.startsWith('http://127.0.0.1:9/')) {
      next = new URL((await fetch(next, { redirect: 'manual' })).headers.get('location')!, next).href
    }
    const id = new URL(next).searchParams.get('connection_id')!
    const tab = await ui.signIn(`/ui/connections?id=${id}`)
    const metadata = tab.page.locator('dt', { hasText: 'Metadata' }).locator('xpath=following-sibling::dd')
    await expect.poll(() => metadata.innerText()).toContain('instance_url: https://acme.my.salesforce.com')
    expect(tab.consoleErrors).toEqual([])
    await tab.context.close()
  })

  it('Salesforce: instance_url comes from the token answer and is kept as metadata', async () => {
    const { text, page, context, consoleErrors } = await requirementsOf('salesforce')
    expect(text).toContain('instance_url')
    expect(text).toContain('{instance_url} comes from the token answer')
    await page.screenshot({ path: join(SCREENSHOTS, 'provider-requirements-salesforce.png') })
    expect(await axeViolations(page)).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
