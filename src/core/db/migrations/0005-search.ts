import type { Migration } from '../migrate.js'

/**
 * Provider categories as a join table (filterable with an index instead of scanning JSON), and the
 * indexes behind the search allowlists: for a field F of a workspace-scoped table the engine orders
 * by (F, <default sort>, id), so `(workspace_id, F, created_at, id)` serves a filter on F and a sort
 * on F in either direction. Providers are ordered by name (case-insensitive) by default.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'search',
  sql: `
CREATE TABLE provider_categories (
  provider_pk INTEGER NOT NULL REFERENCES providers(pk) ON DELETE CASCADE,
  category TEXT NOT NULL,
  PRIMARY KEY (category, provider_pk)
);
CREATE INDEX provider_categories_provider ON provider_categories (provider_pk);
INSERT OR IGNORE INTO provider_categories (provider_pk, category)
  SELECT p.pk, j.value FROM providers AS p, json_each(p.categories) AS j WHERE j.type = 'text';

CREATE INDEX providers_name ON providers (name COLLATE NOCASE, id);
CREATE INDEX providers_ws_name ON providers (workspace_id, name COLLATE NOCASE, id);
CREATE INDEX providers_auth_type ON providers (auth_type, name COLLATE NOCASE, id);
CREATE INDEX providers_created ON providers (created_at, name COLLATE NOCASE, id);
CREATE INDEX providers_updated ON providers (updated_at, name COLLATE NOCASE, id);

CREATE INDEX search_events_ws_id ON events (workspace_id, id);
CREATE INDEX search_events_ws_source ON events (workspace_id, source, created_at, id);
CREATE INDEX search_events_ws_installation ON events (workspace_id, installation_id, created_at, id);
CREATE INDEX search_events_ws_signature ON events (workspace_id, signature, created_at, id);
`,
}
