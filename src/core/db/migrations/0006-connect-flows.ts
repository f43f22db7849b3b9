import type { Migration } from '../migrate.js'

/**
 * Auth and install sessions, connections and installations. Tokens and PKCE verifiers are AES-GCM
 * ciphertext (bound to row and column); the OAuth `state` is stored only as its SHA-256.
 * provider_config_id carries no foreign key: deleting a config must not erase connection history.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'connect-flows',
  sql: `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('auth', 'install')),
  mode TEXT NOT NULL CHECK (mode IN ('real', 'simulated')),
  provider TEXT NOT NULL,
  provider_config_id TEXT,
  tenant_id TEXT NOT NULL,
  redirect_url TEXT,
  scopes TEXT NOT NULL DEFAULT '[]',
  params TEXT NOT NULL DEFAULT '{}',
  connection_id TEXT,
  origin TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'started', 'exchanging', 'completed', 'failed')),
  state_hash TEXT UNIQUE,
  code_verifier BLOB,
  result_id TEXT,
  error TEXT,
  error_description TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX sessions_ws_created ON sessions (workspace_id, created_at, id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE connections (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  provider_config_id TEXT,
  tenant_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('real', 'simulated')),
  status TEXT NOT NULL CHECK (status IN ('active', 'needs_reauth', 'revoked')),
  status_reason TEXT,
  scopes TEXT NOT NULL DEFAULT '[]',
  params TEXT NOT NULL DEFAULT '{}',
  access_token BLOB,
  refresh_token BLOB,
  token_type TEXT,
  token_expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_refreshed_at TEXT
);
CREATE INDEX connections_ws_created ON connections (workspace_id, created_at, id);
CREATE INDEX connections_ws_status ON connections (workspace_id, status, created_at, id);
CREATE INDEX connections_ws_tenant ON connections (workspace_id, tenant_id, created_at, id);
CREATE INDEX connections_ws_provider ON connections (workspace_id, provider, created_at, id);

CREATE TABLE installations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  provider_config_id TEXT,
  tenant_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('real', 'simulated')),
  status TEXT NOT NULL CHECK (status IN ('active', 'revoked')),
  external_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX installations_ws_created ON installations (workspace_id, created_at, id);
CREATE INDEX installations_ws_status ON installations (workspace_id, status, created_at, id);
CREATE INDEX installations_ws_tenant ON installations (workspace_id, tenant_id, created_at, id);
CREATE INDEX installations_ws_provider ON installations (workspace_id, provider, created_at, id);
`,
}
