import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState } from 'react'
import { type Schemas, unwrap } from '../lib/api'
import { queryKey } from '../lib/queries'
import { useSession } from '../lib/session'
import { Icon } from './icons'

type Choice = Required<
  Pick<Schemas['ProviderPage']['data'][number], 'id' | 'name' | 'logo_url' | 'auth_type'>
>

/**
 * Choose a provider by searching the catalog (relevance search, typo tolerant). The results are a
 * radio group, so arrow keys move between them.
 */
export function ProviderPicker(props: { value: string; onChange: (id: string) => void; label?: string }) {
  const { api, workspace } = useSession()
  // A preselected provider starts as the search, so it is in view and checked.
  const [query, setQuery] = useState(props.value)
  const deferred = useDeferredValue(query.trim())
  const inputId = useId()
  const results = useQuery({
    queryKey: queryKey(workspace, 'providers', 'pick', deferred),
    queryFn: async () =>
      unwrap(
        await api.POST('/api/providers/search', {
          body: {
            ...(deferred && { query: deferred }),
            fields: ['id', 'name', 'logo_url', 'auth_type'],
            limit: 8,
          },
        }),
      ).data as Choice[], // `fields` asked for exactly these
  })
  const items = results.data ?? []
  return (
    <fieldset className="picker">
      <legend className="label">{props.label ?? 'Provider'}</legend>
      <div className="search-input">
        <label htmlFor={inputId} className="sr-only">
          Search providers
        </label>
        <Icon name="search" />
        <input
          id={inputId}
          className="input"
          type="search"
          placeholder="Search providers, e.g. github or stripe"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="picker-results">
        {results.isPending && <p className="muted">Searching…</p>}
        {results.data && items.length === 0 && <p className="muted">No provider matches “{deferred}”.</p>}
        {items.map((p) => (
          <label key={p.id} className={`picker-option${props.value === p.id ? ' checked' : ''}`}>
            <input
              type="radio"
              name={`${inputId}-provider`}
              value={p.id}
              checked={props.value === p.id}
              onChange={() => props.onChange(p.id)}
            />
            <img src={p.logo_url} alt="" className="logo" />
            <span>
              <strong>{p.name}</strong>
              <code className="mono muted">{p.id}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
