import type { Migration } from '../migrate.js'

export const migration0001: Migration = {
  version: 1,
  name: 'foundation',
  sql: `
CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  tier TEXT NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  rpm INTEGER,
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('secret', 'publishable')),
  prefix TEXT NOT NULL,
  key_hash BLOB NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_keys_prefix ON api_keys (prefix);
CREATE INDEX api_keys_ws_created ON api_keys (workspace_id, created_at, id);
CREATE INDEX api_keys_ws_name ON api_keys (workspace_id, name, id);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
}
