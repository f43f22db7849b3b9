import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { EventFilter } from '../../../src/shared/event-filter'
import { errorDetail, unwrap } from '../lib/api'
import { useApiMutation, useKey } from '../lib/queries'
import { useSession } from '../lib/session'
import { FormDialog, FormField, TextField } from './form'
import { Icon } from './icons'
import { useToast } from './toast'

/** Saves a response body as a file (through a blob URL, so the admin token never goes in a link). */
export async function download(result: { error?: unknown; response: Response }, fallbackName: string) {
  unwrap(result)
  const res = result.response
  const blob = await res.blob()
  const disposition = res.headers.get('content-disposition') ?? ''
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Exports the events matching the current filters as NDJSON or HAR. */
export function ExportButton({ filter }: { filter: EventFilter }) {
  const { api } = useSession()
  const notify = useToast()
  const [format, setFormat] = useState<'ndjson' | 'har'>('ndjson')
  const [busy, setBusy] = useState(false)
  const run = async () => {
    const query: Record<string, string> = { format }
    for (const name of ['provider', 'type', 'provider_event_type', 'signature'] as const) {
      const values = filter[name]
      if (values?.length) query[name] = values.join(',')
    }
    if (filter.duplicates) query.duplicates = filter.duplicates
    setBusy(true)
    try {
      await download(
        await api.GET('/api/events/export', { params: { query }, parseAs: 'stream' }),
        `switchyard-events.${format === 'har' ? 'har' : 'ndjson'}`,
      )
      notify('Export downloaded')
    } catch (e) {
      notify('Export failed', { tone: 'error', detail: errorDetail(e) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="split-button">
      <label htmlFor="export-format" className="sr-only">
        Export format
      </label>
      <select
        id="export-format"
        className="select"
        value={format}
        onChange={(e) => setFormat(e.target.value as typeof format)}
      >
        <option value="ndjson">NDJSON</option>
        <option value="har">HAR</option>
      </select>
      <button type="button" className="button" onClick={run} disabled={busy}>
        <Icon name="download" /> {busy ? 'Exporting…' : 'Export'}
      </button>
    </div>
  )
}

const PRESETS = [
  { provider: 'github', type: 'push' },
  { provider: 'stripe', type: 'invoice.paid' },
  { provider: 'slack', type: 'message' },
  { provider: 'shopify', type: 'orders/create' },
]

/** The event types the trigger knows for a provider: a list, null for "any type", undefined while unknown. */
function useTriggerTypes(provider: string): string[] | null | undefined {
  const { api } = useSession()
  const key = useKey()
  const id = provider.trim().toLowerCase()
  const query = useQuery({
    queryKey: key('trigger-types', id),
    queryFn: async () =>
      unwrap(await api.GET('/api/events/trigger/types', { params: { query: { provider: id } } })),
    enabled: /^[a-z0-9][a-z0-9-]{0,62}$/.test(id),
    retry: false,
    staleTime: 60_000,
  })
  return query.data ? (query.data.data[0]?.types ?? null) : undefined
}

/** Sends a realistic sample webhook through the real ingest path (signed when a secret is configured). */
export function TriggerDialog({ onClose }: { onClose: () => void }) {
  const { api } = useSession()
  const notify = useToast()
  const [provider, setProvider] = useState('github')
  const [type, setType] = useState('push')
  // Providers with samples of their own offer only their known types; any other takes free text.
  const known = useTriggerTypes(provider)
  const trigger = useApiMutation(
    async () =>
      unwrap(
        await api.POST('/api/events/trigger', { body: { provider: provider.trim(), type: type.trim() } }),
      ),
    ['events'],
  )
  return (
    <FormDialog
      id="trigger-form"
      onClose={onClose}
      title="Send a test webhook"
      description="Builds a sample payload for the provider and event, signs it with the provider config's secret if there is one, and delivers it to this gateway."
      save={trigger}
      onSubmit={() =>
        trigger.mutate(undefined, {
          onSuccess: () => {
            notify('Test webhook sent', { detail: `${provider} · ${type}` })
            onClose()
          },
        })
      }
      problemTitle="Could not send the webhook"
      submitLabel="Send webhook"
      savingLabel="Sending…"
    >
      <fieldset className="facets plain-fieldset">
        <legend className="sr-only">Examples</legend>
        {PRESETS.map((p) => (
          <button
            key={`${p.provider}:${p.type}`}
            type="button"
            className="chip"
            aria-pressed={provider === p.provider && type === p.type}
            onClick={() => {
              setProvider(p.provider)
              setType(p.type)
            }}
          >
            {p.provider} · {p.type}
          </button>
        ))}
      </fieldset>
      <div className="form-row">
        <TextField
          name="provider"
          label="Provider"
          id="trigger-provider"
          value={provider}
          onChange={setProvider}
          required
        />
        {known ? (
          <FormField name="type" label="Event type" htmlFor="trigger-type">
            <select
              id="trigger-type"
              className="select"
              value={known.includes(type) ? type : ''}
              onChange={(e) => setType(e.target.value)}
              required
            >
              <option value="" disabled>
                Choose an event type
              </option>
              {known.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <TextField
            name="type"
            label="Event type"
            id="trigger-type"
            value={type}
            onChange={setType}
            required
          />
        )}
      </div>
    </FormDialog>
  )
}
