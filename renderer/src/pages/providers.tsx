import { useDeferredValue, useMemo, useState } from 'react'
import { CustomProviderDialog } from '../components/custom-provider-dialog'
import { Icon } from '../components/icons'
import { ProviderDetail } from '../components/provider-detail'
import { Badge, EmptyState, PageHeader, QueryStates } from '../components/ui'
import { AUTH_LABELS, useCategories } from '../lib/catalog'
import { useSearchList } from '../lib/queries'
import { setParam, useLocation } from '../lib/router'

const FIELDS = ['id', 'name', 'description', 'categories', 'auth_type', 'custom', 'logo_url', 'webhooks']

export function ProvidersPage() {
  const { params } = useLocation()
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState('')
  const [adding, setAdding] = useState(false)
  const deferred = useDeferredValue(query.trim())
  const selected = params.get('id') ?? undefined
  const categories = useCategories()
  const body = useMemo(
    () => ({
      ...(deferred && { query: deferred }),
      ...(category && { filter: { category: { eq: category } } }),
      fields: FIELDS,
      limit: 48,
    }),
    [deferred, category],
  )
  const list = useSearchList('/api/providers/search', body)
  const rows = list.data?.pages.flatMap((p) => p.data) ?? []
  const names = new Map((categories.data ?? []).map((c) => [c.id, c.name]))

  return (
    <>
      <PageHeader
        title="Providers"
        description="The catalog of services you can connect, plus your own custom providers. Search is typo tolerant and ranked by relevance."
        actions={
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            <Icon name="plus" /> Add a custom provider
          </button>
        }
      />
      <section className="card" aria-label="Provider catalog">
        <search className="toolbar">
          <div className="field search-input">
            <label htmlFor="provider-search">Search</label>
            <Icon name="search" />
            <input
              id="provider-search"
              className="input"
              type="search"
              placeholder="Name, description or tag — e.g. payments, crm, stirpe"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
        </search>
        <fieldset className="facets-bar">
          <legend className="label">Category</legend>
          <div className="facets">
            <button
              type="button"
              className="chip"
              aria-pressed={category === ''}
              onClick={() => setCategory('')}
            >
              All
            </button>
            {(categories.data ?? []).map((c) => (
              <button
                key={c.id}
                type="button"
                className="chip"
                aria-pressed={category === c.id}
                onClick={() => setCategory(category === c.id ? '' : c.id)}
              >
                {c.name}
                <span className="count">{c.count}</span>
              </button>
            ))}
          </div>
        </fieldset>
        <QueryStates
          query={list}
          errorTitle="Could not search providers"
          inCard
          isEmpty={rows.length === 0}
          empty={
            <EmptyState
              icon="box"
              title={`No provider matches “${deferred}”`}
              action={
                <button type="button" className="button" onClick={() => setAdding(true)}>
                  <Icon name="plus" /> Add it as a custom provider
                </button>
              }
            >
              Try a shorter word or another category — or add the service yourself.
            </EmptyState>
          }
        >
          <ul className="provider-grid" aria-label="Results">
            {rows.map((p) => (
              <li key={p.id}>
                <button type="button" className="provider-card" onClick={() => setParam('id', p.id)}>
                  <img src={p.logo_url} alt="" className="logo" />
                  <span className="provider-card-body">
                    <span className="row">
                      <strong>{p.name}</strong>
                      {p.custom && <Badge tone="accent">custom</Badge>}
                    </span>
                    <span className="muted clamp">{p.description}</span>
                    <span className="row small">
                      <Badge>{AUTH_LABELS[p.auth_type] ?? p.auth_type}</Badge>
                      {p.categories.slice(0, 2).map((c) => (
                        <span key={c} className="muted">
                          {names.get(c) ?? c}
                        </span>
                      ))}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </QueryStates>
        {list.hasNextPage && (
          <div className="list-footer">
            <span>Showing {rows.length}</span>
            <button
              type="button"
              className="button button-small"
              onClick={() => list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )}
      </section>
      {adding && <CustomProviderDialog onClose={() => setAdding(false)} />}
      {selected && <ProviderDetail id={selected} onClose={() => setParam('id', undefined)} />}
    </>
  )
}
