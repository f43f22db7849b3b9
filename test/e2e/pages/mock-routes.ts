import { DashboardPage } from './dashboard.js'

/** Mock routes: the add/edit form, the list with each route's switch, edit and delete. */
export class MockRoutesPage extends DashboardPage {
  get navLink() {
    return this.page.getByRole('link', { name: 'Mock routes' })
  }
  get empty() {
    return this.page.getByText('No mock routes yet')
  }
  get list() {
    return this.page.getByRole('list', { name: 'Mock routes' })
  }
  /** The form's fields by label, and its submit buttons. */
  get form() {
    const field = (label: string) => this.page.getByLabel(label)
    return {
      provider: field('Provider'),
      path: field('Path pattern'),
      status: field('Status'),
      body: field('Body template'),
      description: field('Description'),
      add: this.page.getByRole('button', { name: 'Add mock route' }),
      save: this.page.getByRole('button', { name: 'Save mock route' }),
    }
  }
  /** One listed route, named as the list names it (e.g. `stripe GET /v1/customers/:id`). */
  route(name: string) {
    return {
      edit: this.page.getByRole('button', { name: `Edit ${name}` }),
      enabled: this.page.getByRole('checkbox', { name: `Enabled: ${name}` }),
      remove: this.page.getByRole('button', { name: `Delete ${name}` }),
    }
  }
  /** Deletes a route through its confirm dialog. */
  async delete(name: string) {
    await this.route(name).remove.click()
    await this.confirmDialog(/./).button('Delete mock route').click()
  }
}
