import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError, unwrap } from '../lib/api'
import { queryKey } from '../lib/queries'
import { useSession } from '../lib/session'
import { Icon } from './icons'
import { useToast } from './toast'
import { ErrorNote, Mono } from './ui'

/** The server's message for the entry at `index`, when a PATCH was refused because of it. */
const entryError = (error: unknown, index: number) =>
  error instanceof ApiError
    ? error.errors.find(
        (e) =>
          e.pointer === `/allowed_redirect_origins/${index}` || e.pointer === '/allowed_redirect_origins',
      )?.detail
    : undefined

/** Settings › Allowed redirect origins: where sessions may send the browser back to, besides loopback. */
export function RedirectOriginsCard() {
  const { api, workspace } = useSession()
  const notify = useToast()
  const client = useQueryClient()
  const [origin, setOrigin] = useState('')
  const key = queryKey(workspace, 'workspace-settings')
  const settings = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await api.GET('/api/workspace')),
  })
  const origins = settings.data?.allowed_redirect_origins ?? []
  const save = useMutation({
    mutationFn: async (next: { list: string[]; removed?: string }) => ({
      saved: unwrap(await api.PATCH('/api/workspace', { body: { allowed_redirect_origins: next.list } })),
      removed: next.removed,
    }),
    onSuccess: ({ saved, removed }) => {
      const added = saved.allowed_redirect_origins.find((o) => !origins.includes(o))
      client.setQueryData(key, saved)
      notify(removed ? `Removed ${removed}` : added ? `Allowed ${added}` : 'Already allowed')
      setOrigin('')
    },
  })
  const error = save.error ? entryError(save.error, origins.length) : undefined
  return (
    <section className="card" aria-labelledby="origins-title">
      <div className="card-header">
        <div>
          <h2 id="origins-title">Allowed redirect origins</h2>
          <p className="muted">
            Where an auth or install session's <code>redirect_url</code> may send the browser when the flow
            ends. Loopback origins (<code>http://localhost:*</code>, <code>http://127.0.0.1:*</code>,{' '}
            <code>http://[::1]:*</code>) are always allowed; any other origin must be listed here.
          </p>
        </div>
      </div>
      <div className="card-body stack">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault()
            const entry = origin.trim()
            if (entry) save.mutate({ list: [...origins, entry] })
          }}
        >
          <label htmlFor="origin-url" className="sr-only">
            Origin
          </label>
          <input
            id="origin-url"
            className="input grow"
            placeholder="https://app.example.com"
            value={origin}
            onChange={(e) => setOrigin(e.target.value)}
            aria-invalid={error !== undefined}
            aria-describedby="origin-help"
          />
          <button type="submit" className="button" disabled={!origin.trim() || save.isPending}>
            <Icon name="plus" /> Add origin
          </button>
        </form>
        {error ? (
          <p id="origin-help" className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id="origin-help" className="hint">
            An exact origin: https://host[:port], without a path (plain http only for loopback).
          </p>
        )}
        {save.error && !error && <ErrorNote error={save.error} title="Could not change the origins" />}
        {settings.error && <ErrorNote error={settings.error} title="Could not load the origins" />}
        {settings.data &&
          (origins.length === 0 ? (
            <p className="muted">No origins yet: only loopback redirects are allowed.</p>
          ) : (
            <ul className="plain-list" aria-label="Allowed redirect origins">
              {origins.map((o) => (
                <li key={o}>
                  <Mono>{o}</Mono>
                  <button
                    type="button"
                    className="icon-button"
                    disabled={save.isPending}
                    onClick={() => save.mutate({ list: origins.filter((x) => x !== o), removed: o })}
                    aria-label={`Remove ${o}`}
                  >
                    <Icon name="x" />
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  )
}
