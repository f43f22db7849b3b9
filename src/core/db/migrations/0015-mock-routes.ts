import type { Migration } from '../migrate.js'

/**
 * Mock routes: a workspace's declarative answers for a provider's API, asked before the
 * built-in simulation and the recordings. Keyed by workspace and id, so a cassette imported into
 * another workspace keeps its ids; workspace_id makes reset and export/import carry them.
 * `headers` is a JSON object of name → value template; `body` is the body template.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'mock-routes',
  sql: `
CREATE TABLE mock_routes (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  provider TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  headers TEXT NOT NULL,
  body TEXT NOT NULL,
  description TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX mock_routes_provider ON mock_routes (workspace_id, provider, enabled);
`,
}
