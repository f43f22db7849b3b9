import type { Migration } from '../migrate.js'

/**
 * Each workspace's allowed redirect origins: where a session's `redirect_url` may send the browser
 * besides loopback (always allowed). One row per exact origin, so adding and removing are atomic.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'redirect-origins',
  sql: `
CREATE TABLE workspace_redirect_origins (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  origin TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, origin)
);
`,
}
