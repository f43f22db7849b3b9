import type { Migration } from '../migrate.js'

/**
 * Webhook capture and delivery: the exact request behind each captured event (kept out of `events`
 * so search rows stay small), every delivery attempt, outbound endpoints and their message queue.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'webhooks',
  sql: `
ALTER TABLE events ADD COLUMN provider_event_type TEXT;

CREATE TABLE event_requests (
  event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query TEXT NOT NULL,
  headers TEXT NOT NULL,
  content_type TEXT,
  body BLOB NOT NULL,
  received_at TEXT NOT NULL
);

CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  description TEXT,
  event_types TEXT,
  secret BLOB NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
  disabled_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_ws_created ON webhook_endpoints (workspace_id, created_at, id);

CREATE TABLE outbound_messages (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX outbound_messages_due ON outbound_messages (status, next_attempt_at);
CREATE INDEX outbound_messages_endpoint ON outbound_messages (endpoint_id, created_at);

CREATE TABLE deliveries (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('forward', 'replay', 'endpoint')),
  endpoint_id TEXT REFERENCES webhook_endpoints(id) ON DELETE SET NULL,
  message_id TEXT,
  target TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX deliveries_event ON deliveries (event_id, created_at, id);
CREATE INDEX deliveries_ws_created ON deliveries (workspace_id, created_at, id);
CREATE INDEX deliveries_endpoint ON deliveries (endpoint_id, created_at, id);
`,
}
