import type { Migration } from '../migrate.js'

/**
 * Offline provider simulation. Every table carries workspace_id, so reset clears it and
 * export/import carry it like any other data.
 * - simulation_grants / simulation_tokens: the tokens the simulator's token endpoint issued (only
 *   their SHA-256), grouped by grant (one authorization and its refreshes). A grant is bound to the
 *   connection that first uses it; the simulated API accepts only its grant's live access token.
 * - simulation_accounts: one simulated account per simulated connection (provider-specific state as
 *   JSON, e.g. the GitHub user and id counters) and its pending faults.
 * - simulation_objects: the account's objects (repos, issues, comments), addressed by kind, a
 *   scope (e.g. the repository an issue belongs to) and a number, with an optional tag that lists
 *   filter on (an issue's state) without parsing the JSON.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'simulation',
  sql: `
CREATE TABLE simulation_grants (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  connection_id TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX simulation_grants_connection ON simulation_grants (workspace_id, connection_id);

CREATE TABLE simulation_tokens (
  token_hash TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  grant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at TEXT,
  expired_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX simulation_tokens_grant ON simulation_tokens (grant_id, kind);

CREATE TABLE simulation_accounts (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  connection_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  state TEXT NOT NULL,
  faults TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, connection_id)
);

CREATE TABLE simulation_objects (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  connection_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  scope TEXT NOT NULL,
  num INTEGER NOT NULL,
  tag TEXT,
  data TEXT NOT NULL,
  PRIMARY KEY (workspace_id, connection_id, kind, scope, num)
);
CREATE INDEX simulation_objects_tag ON simulation_objects (workspace_id, connection_id, kind, scope, tag, num);
`,
}
