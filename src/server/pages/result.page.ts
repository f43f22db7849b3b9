import { html, renderPage } from './page.js'

/** Where a finished flow lands when the session had no redirect_url. */
export function resultPage(view: {
  providerName: string
  tenant: string
  result:
    | { connection_id: string }
    | { installation_id: string }
    | { error: string; error_description: string }
}): Response {
  if ('error' in view.result) {
    return renderPage({
      title: `${view.providerName}: not connected`,
      body: html`<main>
<div class="icon bad" aria-hidden="true">✕</div>
<h1>${view.providerName} was not connected</h1>
<p class="sub">${view.result.error_description}</p>
<dl><dt>Error</dt><dd>${view.result.error}</dd><dt>Tenant</dt><dd>${view.tenant}</dd></dl>
<footer>Start again with a new session. You can close this window.</footer>
</main>`,
    })
  }
  const isInstall = 'installation_id' in view.result
  const id = 'installation_id' in view.result ? view.result.installation_id : view.result.connection_id
  return renderPage({
    title: `${view.providerName}: ${isInstall ? 'installed' : 'connected'}`,
    body: html`<main>
<div class="icon ok" aria-hidden="true">✓</div>
<h1>${view.providerName} ${isInstall ? 'is installed' : 'is connected'}</h1>
<p class="sub">You can close this window.</p>
<dl><dt>Tenant</dt><dd>${view.tenant}</dd><dt>${isInstall ? 'Installation' : 'Connection'}</dt><dd>${id}</dd></dl>
</main>`,
  })
}

/** A flow that cannot go on (expired or used session, forged state, bad simulator request), for browsers. */
export function problemPage(problem: { status: number; title: string; detail: string }): Response {
  return renderPage({
    status: problem.status,
    title: problem.title,
    body: html`<main>
<div class="icon bad" aria-hidden="true">!</div>
<h1>${problem.title}</h1>
<p class="sub">${problem.detail}</p>
<footer>Nothing was connected. Ask the app for a new link and try again.</footer>
</main>`,
  })
}
