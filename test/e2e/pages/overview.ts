import { DashboardPage } from './dashboard.js'

/** Overview: the quick start an empty workspace offers. */
export class OverviewPage extends DashboardPage {
  get quickStartButton() {
    return this.page.getByRole('button', { name: 'Create quick-start keys' })
  }
  /** The secret key the quick start shows. */
  get quickStartSecret() {
    return this.page.getByRole('region', { name: 'Quick start' }).locator('.copy-field code').first()
  }
}
