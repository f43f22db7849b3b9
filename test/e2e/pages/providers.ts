import { DashboardPage } from './dashboard.js'

/** Providers: the catalog search and its results. */
export class ProvidersPage extends DashboardPage {
  get search() {
    return this.page.getByRole('searchbox', { name: 'Search' })
  }
  get firstResult() {
    return this.page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()
  }
}
