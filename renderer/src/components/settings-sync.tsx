import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Schemas, unwrap } from '../lib/api'
import { formatNumber } from '../lib/format'
import { queryKey } from '../lib/queries'
import { useSession } from '../lib/session'
import { FieldMessage, Form, FormField } from './form'
import { Icon } from './icons'
import { Mono } from './ui'

type SyncJob = Schemas['SyncJob']

const RESOURCES: Array<[keyof NonNullable<SyncJob['pull']>, string]> = [
  ['providers', 'Custom providers'],
  ['provider_configs', 'Provider configs'],
  ['installations', 'Installations'],
  ['connections', 'Connections'],
  ['events', 'Events'],
]

/** Settings › Upstream sync: pull an upstream workspace in, push captured webhooks out, with progress. */
export function SyncCard() {
  const { api, workspace } = useSession()
  const client = useQueryClient()
  const [url, setUrl] = useState('')
  const [key, setKey] = useState('')
  const [jobId, setJobId] = useState<string | null>(null)
  const job = useQuery({
    queryKey: queryKey(workspace, 'sync-jobs', jobId),
    queryFn: async () => unwrap(await api.GET('/api/sync/jobs/{id}', { params: { path: { id: jobId! } } })),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 500 : false),
  })
  const start = useMutation({
    mutationFn: async (kind: 'pull' | 'push') =>
      unwrap(
        kind === 'pull'
          ? await api.POST('/api/sync/pull', { body: { from: url.trim(), key: key.trim() } })
          : await api.POST('/api/sync/push', { body: { to: url.trim() } }),
      ),
    onSuccess: (started) => {
      setJobId(started.id)
      client.setQueryData(queryKey(workspace, 'sync-jobs', started.id), started)
    },
  })
  const current = job.data
  const running = current?.status === 'running' || start.isPending
  const ready = !running && url.trim() !== '' && key.trim() !== ''
  return (
    <section className="card" aria-labelledby="sync-title">
      <div className="card-header">
        <div>
          <h2 id="sync-title">Upstream sync</h2>
          <p className="muted">
            Pull copies the upstream workspace's custom providers, provider configs (without secrets),
            installations, connections (without tokens) and events into <strong>{workspace}</strong>; pulling
            again fetches only what is new. Push sends the webhooks captured here to the upstream, each once.
          </p>
        </div>
      </div>
      <Form
        className="card-body form"
        save={start}
        problemTitle="Could not start the sync"
        // Enter pulls when it can; pushing is the second button.
        onSubmit={() => ready && start.mutate('pull')}
      >
        <div className="form-row">
          <FormField name="from" label="Upstream URL" htmlFor="sync-url">
            <input
              id="sync-url"
              className="input"
              placeholder="https://api.example.com"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <FieldMessage name="to" />
          </FormField>
          <FormField name="key" label="Upstream secret key (for pull)" htmlFor="sync-key" hint="Not stored.">
            <input
              id="sync-key"
              className="input"
              type="password"
              autoComplete="off"
              placeholder="sk_…"
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
          </FormField>
        </div>
        <div className="row">
          <button
            type="button"
            className="button button-primary"
            disabled={!ready}
            onClick={() => start.mutate('pull')}
          >
            <Icon name="download" /> Pull from upstream
          </button>
          <button
            type="button"
            className="button"
            disabled={running || !url.trim()}
            onClick={() => start.mutate('push')}
          >
            <Icon name="send" /> Push captured webhooks
          </button>
        </div>
      </Form>
      {current && <JobProgress job={current} />}
    </section>
  )
}

function JobProgress({ job }: { job: SyncJob }) {
  const label = job.status === 'running' ? 'Running' : job.status === 'succeeded' ? 'Done' : 'Stopped'
  const badge =
    job.status === 'running' ? 'badge-info' : job.status === 'succeeded' ? 'badge-success' : 'badge-danger'
  return (
    <div className="card-body stack" aria-live="polite" data-testid="sync-job">
      <p>
        <span className={`badge ${badge}`}>{label}</span> {job.kind === 'pull' ? 'Pull from' : 'Push to'}{' '}
        <Mono>{job.upstream}</Mono>
      </p>
      {job.kind === 'push' && job.push && (
        <div>
          <progress
            max={Math.max(job.push.total, 1)}
            value={job.push.pushed + job.push.failed}
            aria-label="Webhooks pushed"
          />{' '}
          {formatNumber(job.push.pushed)} of {formatNumber(job.push.total)} pushed
          {job.push.failed > 0 && `, ${formatNumber(job.push.failed)} refused`}
        </div>
      )}
      {job.kind === 'pull' && (
        <ul className="plain-list">
          {RESOURCES.map(([id, name]) => {
            const counts = job.pull?.[id]
            return (
              <li key={id}>
                {name}:{' '}
                {counts
                  ? `${formatNumber(counts.added)} new, ${formatNumber(counts.skipped)} already here`
                  : 'waiting'}
              </li>
            )
          })}
        </ul>
      )}
      {job.error && (
        <div className="callout callout-danger" role="alert">
          {job.error}
        </div>
      )}
      {job.notes.length > 0 && (
        <ul className="plain-list muted">
          {job.notes.slice(0, 10).map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
