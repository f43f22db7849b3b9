import type { Migration } from '../migrate.js'

/** The catalog and custom providers share one table; workspace_id '' marks the built-in catalog. */
export const migration0002: Migration = {
  version: 2,
  name: 'providers',
  sql: `
CREATE TABLE providers (
  pk INTEGER PRIMARY KEY,
  workspace_id TEXT NOT NULL DEFAULT '',
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  categories TEXT NOT NULL DEFAULT '[]',
  color TEXT NOT NULL,
  auth_type TEXT NOT NULL,
  auth TEXT NOT NULL,
  webhooks TEXT,
  docs_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (workspace_id, id)
);
CREATE INDEX providers_id ON providers (id);

CREATE TABLE categories (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL
);
`,
}
