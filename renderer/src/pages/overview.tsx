import { useQuery } from '@tanstack/react-query'
import { EventsChart } from '../components/chart'
import { CodeBlock } from '../components/code'
import { CopyField } from '../components/copy'
import { Icon, type IconName } from '../components/icons'
import { ErrorNote, PageHeader, QueryStates } from '../components/ui'
import { type Schemas, unwrap } from '../lib/api'
import { formatNumber } from '../lib/format'
import { useApiMutation, useKey } from '../lib/queries'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'
import { useTheme } from '../lib/theme'

const STATS: Array<{
  key: keyof Schemas['AdminOverview']['counts']
  label: string
  icon: IconName
  to: string
}> = [
  { key: 'api_keys', label: 'Active API keys', icon: 'key', to: '/ui/keys' },
  { key: 'connections', label: 'Connections', icon: 'link', to: '/ui/connections' },
  { key: 'installations', label: 'Installations', icon: 'package', to: '/ui/installations' },
  { key: 'provider_configs', label: 'Provider configs', icon: 'sliders', to: '/ui/provider-configs' },
  { key: 'events_last_hour', label: 'Events, last hour', icon: 'activity', to: '/ui/events' },
]

export function OverviewPage() {
  const { api, baseUrl, workspace } = useSession()
  const { theme } = useTheme()
  const key = useKey()
  const overview = useQuery({
    queryKey: key('overview'),
    queryFn: async () => unwrap(await api.GET('/api/admin/overview')),
    refetchInterval: 30_000,
  })
  return (
    <>
      <PageHeader
        title="Overview"
        description={
          <>
            Workspace <strong>{workspace}</strong>
            {overview.data && (
              <>
                {' '}
                on the <strong>{overview.data.workspace.tier}</strong> tier (
                {formatNumber(overview.data.workspace.rpm)} requests a minute)
              </>
            )}
            . Point the SDK or any HTTP client at the base URL below.
          </>
        }
      />
      <section className="card" aria-labelledby="base-url-title">
        <div className="card-body stack">
          <div className="row">
            <h2 id="base-url-title" className="label">
              Base URL
            </h2>
          </div>
          <CopyField value={baseUrl} label="Copy the base URL" what="Base URL" />
        </div>
      </section>
      <QuickStart />
      <QueryStates query={overview} errorTitle="Could not load the overview">
        {overview.data && (
          <>
            <section className="grid grid-stats" aria-label="Counts">
              {STATS.map((s) => (
                <Link key={s.key} to={s.to} className="card stat">
                  <span className="stat-label">
                    <Icon name={s.icon} /> {s.label}
                  </span>
                  <span className="value">{formatNumber(overview.data.counts[s.key] ?? 0)}</span>
                </Link>
              ))}
            </section>
            <section className="card" aria-labelledby="chart-title">
              <div className="card-header">
                <div>
                  <h2 id="chart-title">Events per minute</h2>
                  <p className="muted">Captured webhooks and gateway events over the last hour.</p>
                </div>
                <Link to="/ui/events" className="button button-small">
                  Open the event log
                </Link>
              </div>
              <EventsChart buckets={overview.data.events_per_minute} theme={theme} />
            </section>
          </>
        )}
      </QueryStates>
    </>
  )
}

/** A fresh key pair, shown once, with the two commands a new user runs first. */
function QuickStart() {
  const { api, baseUrl } = useSession()
  const create = useApiMutation(
    async () => unwrap(await api.POST('/api/admin/quick-start-keys')),
    ['api-keys'],
  )
  const keys = create.data
  const secret = keys?.secret.key ?? '<SECRET_KEY>'
  const publishable = keys?.publishable.key ?? '<PUBLISHABLE_KEY>'
  return (
    <section className="card" aria-labelledby="quick-start-title">
      <div className="card-header">
        <div>
          <h2 id="quick-start-title">Quick start</h2>
          <p className="muted">
            Existing keys are stored as hashes and cannot be shown again, so get a fresh pair here — shown
            once.
          </p>
        </div>
        {!keys && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => create.mutate()}
            disabled={create.isPending}
          >
            <Icon name="key" /> {create.isPending ? 'Creating…' : 'Create quick-start keys'}
          </button>
        )}
      </div>
      <div className="card-body stack">
        {create.error && <ErrorNote error={create.error} title="Could not create keys" />}
        {keys && (
          <>
            <div className="callout callout-warning">
              <strong>Copy these keys now.</strong>
              <p>They will not be shown again. Manage or revoke them on the API keys page.</p>
            </div>
            <div className="grid grid-2">
              <div className="field">
                <span className="label">Secret key — server side only</span>
                <CopyField value={keys.secret.key} label="Copy the secret key" what="Secret key" secret />
              </div>
              <div className="field">
                <span className="label">Publishable key — safe in client code</span>
                <CopyField
                  value={keys.publishable.key}
                  label="Copy the publishable key"
                  what="Publishable key"
                  secret
                />
              </div>
            </div>
          </>
        )}
        <ol className="steps">
          <li>
            <p>List your keys with the secret key:</p>
            <CodeBlock
              label="Copy the list-keys command"
              code={`curl -s -X POST ${baseUrl}/api/api-keys/search \\\n  -H "Authorization: Bearer ${secret}"`}
            />
          </li>
          <li>
            <p>Start an OAuth connect flow with the publishable key (the simulator answers offline):</p>
            <CodeBlock
              label="Copy the auth-session command"
              code={`curl -s -X POST ${baseUrl}/auth-sessions \\\n  -H "Authorization: Bearer ${publishable}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"provider":"github","tenant_id":"tenant_1"}'`}
            />
          </li>
          <li>
            <p>Send a webhook and watch it arrive in the event log:</p>
            <CodeBlock
              label="Copy the webhook command"
              code={`curl -s -X POST ${baseUrl}/webhooks/github \\\n  -H "Content-Type: application/json" -d '{"zen":"Keep it logically awesome."}'`}
            />
          </li>
        </ol>
      </div>
    </section>
  )
}
