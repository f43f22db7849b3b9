import { DashboardPage } from './dashboard.js'

/** API keys: the list, the create dialog, the once-shown key and revoking. */
export class KeysPage extends DashboardPage {
  get createButton() {
    return this.page.getByRole('button', { name: 'Create key' })
  }
  get createDialog() {
    const root = this.dialog('Create an API key')
    return {
      root,
      name: root.getByLabel('Name'),
      role: root.getByLabel('Role'),
      submit: root.getByRole('button', { name: 'Create key' }),
    }
  }
  get newKeyDialog() {
    const root = this.dialog('Copy your new key')
    return { root, key: root.locator('code'), done: root.getByRole('button', { name: 'Done' }) }
  }
  get emptyState() {
    return this.page.getByRole('heading', { name: 'No keys yet' })
  }
  revokeButton(keyName: string) {
    return this.page.getByRole('button', { name: `Revoke ${keyName}` })
  }
  get revokeDialog() {
    return this.confirmDialog(/Revoke/)
  }

  /** Creates a key through the dialog and returns the full key it shows once. */
  async createKey(name: string, role: 'secret' | 'publishable') {
    await this.createButton.click()
    await this.createDialog.name.fill(name)
    await this.createDialog.role.selectOption(role)
    await this.createDialog.submit.click()
    return (await this.newKeyDialog.key.textContent())!.trim()
  }

  async revoke(keyName: string) {
    await this.revokeButton(keyName).click()
    await this.revokeDialog.button('Revoke key').click()
  }
}
