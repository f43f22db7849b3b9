import type { Migration } from '../migrate.js'

/**
 * Upstream sync: how far each pull got per (workspace, upstream, resource), which local rows came
 * from an upstream (they keep the upstream's ids and carry no secrets or tokens), and which
 * captured webhooks were pushed to which upstream (so none is sent twice).
 */
export const migration0008: Migration = {
  version: 8,
  name: 'sync',
  sql: `
CREATE TABLE sync_state (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  upstream TEXT NOT NULL,
  resource TEXT NOT NULL,
  watermark_at TEXT NOT NULL,
  watermark_id TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, upstream, resource)
);

CREATE TABLE sync_origins (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  resource TEXT NOT NULL,
  local_id TEXT NOT NULL,
  upstream TEXT NOT NULL,
  pulled_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, resource, local_id)
);

CREATE TABLE sync_pushes (
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  upstream TEXT NOT NULL,
  status INTEGER NOT NULL,
  pushed_at TEXT NOT NULL,
  PRIMARY KEY (event_id, upstream)
);
`,
}
