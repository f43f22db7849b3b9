import type { Migration } from '../migrate.js'

export const migration0003: Migration = {
  version: 3,
  name: 'provider-configs-events',
  sql: `
CREATE TABLE provider_configs (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  name TEXT NOT NULL,
  client_id TEXT,
  client_secret BLOB,
  scopes TEXT,
  webhook_secret BLOB,
  webhook_signature TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX provider_configs_ws_created ON provider_configs (workspace_id, created_at, id);
CREATE INDEX provider_configs_ws_provider ON provider_configs (workspace_id, provider, created_at, id);

CREATE TABLE events (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('webhook', 'gateway', 'upstream')),
  provider TEXT,
  tenant_id TEXT,
  connection_id TEXT,
  installation_id TEXT,
  signature TEXT CHECK (signature IN ('valid', 'invalid', 'unverified')),
  data TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX events_ws_created ON events (workspace_id, created_at, id);
CREATE INDEX events_ws_type_created ON events (workspace_id, type, created_at, id);
CREATE INDEX events_ws_provider_created ON events (workspace_id, provider, created_at, id);
CREATE INDEX events_ws_connection ON events (workspace_id, connection_id, created_at, id);
CREATE INDEX events_ws_tenant ON events (workspace_id, tenant_id, created_at, id);
`,
}
