import type { Migration } from '../migrate.js'

/**
 * The data plane: a provider config's `proxy_mode`, and recordings of proxied
 * exchanges (credentials redacted before they are stored). `query_key` is the query string with
 * its parameters sorted, which is what replay matches on, beside method and path.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'data-plane',
  sql: `
ALTER TABLE provider_configs ADD COLUMN proxy_mode TEXT NOT NULL DEFAULT 'live'
  CHECK (proxy_mode IN ('live', 'record', 'replay'));

CREATE TABLE recordings (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  connection_id TEXT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query TEXT NOT NULL,
  query_key TEXT NOT NULL,
  request_headers TEXT NOT NULL,
  request_body BLOB NOT NULL,
  status INTEGER NOT NULL,
  response_headers TEXT NOT NULL,
  response_body BLOB NOT NULL,
  duration_ms INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX recordings_match ON recordings (workspace_id, provider, method, path, query_key, created_at);
CREATE INDEX recordings_created ON recordings (workspace_id, created_at, id);
CREATE UNIQUE INDEX recordings_fingerprint ON recordings (workspace_id, fingerprint);
`,
}
