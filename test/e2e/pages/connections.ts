import { DashboardPage } from './dashboard.js'

/** Connections: the connect dialog, the simulator's consent page and a connection's drawer. */
export class ConnectionsPage extends DashboardPage {
  get connectButton() {
    return this.page.getByRole('button', { name: 'Connect an account' }).first()
  }
  connectDialog(name = 'Connect an account') {
    const root = this.dialog(name)
    return {
      root,
      search: root.getByRole('searchbox', { name: 'Search providers' }),
      provider: (label: RegExp) => root.getByRole('radio', { name: label }),
      tenant: root.getByLabel('Tenant id'),
      submit: root.getByRole('button', { name: 'Continue to consent' }),
    }
  }
  /** The simulator's consent page, after "Continue to consent". */
  get approve() {
    return this.page.getByRole('link', { name: 'Approve', exact: true })
  }
  drawer(name: RegExp) {
    const root = this.dialog(name)
    return {
      root,
      active: root.getByText('active', { exact: true }),
      failRefresh: root.getByRole('button', { name: 'Simulate a failed refresh' }),
      needsReauth: root.getByText('This connection needs re-authorization.'),
      reauthorize: root.getByRole('button', { name: 'Re-authorize' }),
    }
  }

  /** Fills the connect dialog (searching for `search`, picking `provider`) up to the consent page. */
  async startConnect(search: string, provider: RegExp, tenant: string) {
    await this.connectButton.click()
    const dialog = this.connectDialog()
    await dialog.search.fill(search)
    await dialog.provider(provider).check()
    await dialog.tenant.fill(tenant)
    return dialog
  }
}
