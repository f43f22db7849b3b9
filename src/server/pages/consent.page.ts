import { monogramSvg } from '../../core/providers/logo.js'
import type { Provider } from '../../core/providers/providers.schema.js'
import { html, raw, renderPage } from './page.js'

export interface ConsentView {
  kind: 'auth' | 'install'
  provider: Pick<Provider, 'name' | 'color'>
  workspaceName: string
  tenant: string | null
  scopes: string[]
  /** The decision links: this request's URL with `simulate=approve|deny|error`. */
  decide: { approve: string; deny: string; error: string }
}

/**
 * The simulator's consent (or install) screen: Approve, Deny, and Approve-then-fail. The choices
 * are links to the same request with `simulate=…`, the very mechanism automation uses; a form
 * would fall foul of the strict `form-action` once the flow redirects on to the app's origin.
 */
export function consentPage(view: ConsentView): Response {
  const app = `Switchyard · ${view.workspaceName}`
  const isInstall = view.kind === 'install'
  const title = isInstall
    ? html`Install <strong>${app}</strong> on your ${view.provider.name} account?`
    : html`<strong>${app}</strong> wants to access your ${view.provider.name} account`
  const scopes = view.scopes.length
    ? html`<h2>${isInstall ? 'The app will be able to' : 'This will allow the app to use'}</h2>
<ul>${view.scopes.map((s) => html`<li>${s}</li>`)}</ul>`
    : html`<h2>Requested access</h2><ul><li>${isInstall ? 'Install the app' : 'Basic account access (no scopes requested)'}</li></ul>`
  const body = html`<main>
<div class="top"><span class="badge">Simulated ${view.provider.name}</span></div>
<div class="logos" aria-hidden="true">${raw(monogramSvg(view.provider.name, view.provider.color))}<span class="dots">&#8644;</span>${raw(monogramSvg(view.workspaceName, '#334155'))}</div>
<h1>${title}</h1>
<p class="sub">${isInstall ? 'Review the installation below.' : 'Review the access it asks for.'}</p>
<dl><dt>Provider</dt><dd>${view.provider.name}</dd><dt>Tenant</dt><dd>${view.tenant ?? '—'}</dd><dt>Workspace</dt><dd>${view.workspaceName}</dd></dl>
${scopes}
<nav class="actions">
<a class="button primary" href="${view.decide.approve}">${isInstall ? 'Install' : 'Approve'}</a>
<a class="button" href="${view.decide.deny}">${isInstall ? 'Cancel' : 'Deny'}</a>
<a class="button quiet" href="${view.decide.error}">${isInstall ? 'Install, then make the provider fail' : 'Approve, then fail the token exchange'}</a>
</nav>
<footer>A consent screen simulated by Switchyard: no account, no network, nothing leaves this computer.<br>Automate it by adding <code>simulate=approve</code>, <code>deny</code> or <code>error</code> to the session URL.</footer>
</main>`
  return renderPage({
    title: `${isInstall ? 'Install on' : 'Connect'} ${view.provider.name} (simulated)`,
    body,
  })
}
