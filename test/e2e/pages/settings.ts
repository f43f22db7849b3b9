import { DashboardPage } from './dashboard.js'

/** Settings: the outbound webhook endpoints and the allowed redirect origins. */
export class SettingsPage extends DashboardPage {
  deleteEndpointButton(url: string) {
    return this.page.getByRole('button', { name: `Delete endpoint ${url}` })
  }
  get deleteEndpointDialog() {
    return this.confirmDialog('Delete this endpoint?')
  }
  get origins() {
    const card = this.page.locator('section', {
      has: this.page.getByRole('heading', { name: 'Allowed redirect origins' }),
    })
    return {
      card,
      input: card.getByLabel('Origin', { exact: true }),
      add: card.getByRole('button', { name: 'Add origin' }),
      list: card.getByRole('list', { name: 'Allowed redirect origins' }),
      problem: card.getByRole('alert'),
      remove: (origin: string) => card.getByRole('button', { name: `Remove ${origin}` }),
    }
  }
}
