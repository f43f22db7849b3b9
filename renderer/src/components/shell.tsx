import { type ComponentType, useEffect, useRef } from 'react'
import { ApiError } from '../lib/api'
import { useWorkspaces } from '../lib/queries'
import { Link, useLocation } from '../lib/router'
import { SessionProvider, useSession } from '../lib/session'
import { useTheme } from '../lib/theme'
import { ApiKeysPage } from '../pages/api-keys'
import { ConnectionsPage } from '../pages/connections'
import { EventsPage } from '../pages/events'
import { InstallationsPage } from '../pages/installations'
import { MockRoutesPage } from '../pages/mock-routes'
import { NotFoundPage } from '../pages/not-found'
import { OverviewPage } from '../pages/overview'
import { ProviderConfigsPage } from '../pages/provider-configs'
import { ProvidersPage } from '../pages/providers'
import { RecordingsPage } from '../pages/recordings'
import { SettingsPage } from '../pages/settings'
import { HealthBanner } from './health-banner'
import { Icon, type IconName } from './icons'
import { ErrorNote, Loading } from './ui'

interface PageDef {
  path: string
  label: string
  icon: IconName
  section: string
  component: ComponentType
}

export const PAGES: PageDef[] = [
  {
    path: '/ui/overview',
    label: 'Overview',
    icon: 'overview',
    section: 'Get started',
    component: OverviewPage,
  },
  { path: '/ui/keys', label: 'API keys', icon: 'key', section: 'Get started', component: ApiKeysPage },
  { path: '/ui/events', label: 'Events', icon: 'activity', section: 'Observe', component: EventsPage },
  {
    path: '/ui/connections',
    label: 'Connections',
    icon: 'link',
    section: 'Observe',
    component: ConnectionsPage,
  },
  {
    path: '/ui/installations',
    label: 'Installations',
    icon: 'package',
    section: 'Observe',
    component: InstallationsPage,
  },
  {
    path: '/ui/recordings',
    label: 'Recordings',
    icon: 'replay',
    section: 'Observe',
    component: RecordingsPage,
  },
  {
    path: '/ui/mock-routes',
    label: 'Mock routes',
    icon: 'terminal',
    section: 'Configure',
    component: MockRoutesPage,
  },
  { path: '/ui/providers', label: 'Providers', icon: 'box', section: 'Configure', component: ProvidersPage },
  {
    path: '/ui/provider-configs',
    label: 'Provider configs',
    icon: 'sliders',
    section: 'Configure',
    component: ProviderConfigsPage,
  },
  {
    path: '/ui/settings',
    label: 'Settings',
    icon: 'settings',
    section: 'Configure',
    component: SettingsPage,
  },
]

const pageFor = (path: string) =>
  path === '/' || path === '/ui' || path === '/ui/'
    ? PAGES[0]
    : PAGES.find((p) => path === p.path || path.startsWith(`${p.path}/`))

export function Shell(props: { baseUrl: string; token: string; onUnauthorized: () => void }) {
  return (
    <SessionProvider baseUrl={props.baseUrl} token={props.token} onUnauthorized={props.onUnauthorized}>
      <Frame />
    </SessionProvider>
  )
}

function Frame() {
  const { path } = useLocation()
  const page = pageFor(path)
  const workspaces = useWorkspaces()
  const { workspace, setWorkspace } = useSession()
  const { theme, toggle } = useTheme()
  const main = useRef<HTMLElement>(null)

  useEffect(() => {
    document.title = `${page?.label ?? 'Not found'} · Switchyard`
  }, [page])

  // Move focus to the new page's heading on navigation, so screen readers announce it.
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, which is what `path` stands for.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus()
  }, [path])

  const names = workspaces.data?.map((w) => w.name)
  useEffect(() => {
    if (names && names.length > 0 && !names.includes(workspace))
      setWorkspace(names.includes('default') ? 'default' : names[0]!)
  }, [names, workspace, setWorkspace])

  if (workspaces.isPending) return <Loading label="Connecting to the gateway…" />
  if (workspaces.error && !(workspaces.error instanceof ApiError && workspaces.error.status === 401)) {
    return (
      <main className="center-screen">
        <ErrorNote error={workspaces.error} title="The gateway did not answer" />
      </main>
    )
  }
  const Page = page?.component ?? NotFoundPage
  const sections = [...new Set(PAGES.map((p) => p.section))]
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <Link to="/ui/overview" className="brand">
          <img src="/favicon.svg" alt="" />
          <span>
            Switchyard
            <small>Local integration gateway</small>
          </span>
        </Link>
        <nav aria-label="Main">
          {sections.map((section) => (
            <div key={section}>
              <p className="nav-section" aria-hidden="true">
                {section}
              </p>
              <ul className="nav">
                {PAGES.filter((p) => p.section === section).map((p) => (
                  <li key={p.path}>
                    <Link to={p.path} aria-current={p === page ? 'page' : undefined}>
                      <Icon name={p.icon} />
                      {p.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="sidebar-footer">
          <a href="/docs" target="_blank" rel="noreferrer">
            <Icon name="book" /> API reference
          </a>
          <a href="/openapi.json" target="_blank" rel="noreferrer">
            <Icon name="terminal" /> OpenAPI document
          </a>
        </div>
      </aside>
      <div className="main">
        <header className="topbar">
          <div className="workspace-switcher">
            <label htmlFor="workspace-switcher">Workspace</label>
            <select
              id="workspace-switcher"
              className="select"
              value={workspace}
              onChange={(e) => setWorkspace(e.target.value)}
            >
              {(workspaces.data ?? []).map((w) => (
                <option key={w.id} value={w.name}>
                  {w.name} · {w.tier}
                </option>
              ))}
            </select>
          </div>
          <div className="spacer" />
          <button
            type="button"
            className="icon-button"
            onClick={toggle}
            aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            title={theme === 'dark' ? 'Light theme' : 'Dark theme'}
          >
            <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
          </button>
        </header>
        <HealthBanner />
        <main id="main" ref={main} className="page" key={workspace}>
          <Page />
        </main>
      </div>
    </div>
  )
}
