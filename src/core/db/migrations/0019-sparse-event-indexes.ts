import type { Migration } from '../migrate.js'

/**
 * The events' tenant, connection and installation indexes hold only the rows that have one. Most
 * captured webhooks have none of the three (no connection or installation matched), and every
 * capture paid for three index entries nobody could seek. A condition on a value (`eq`, `in`, a
 * range) implies the column is not null, so SQLite may still seek these indexes for it: an `eq` page
 * and the cursor page after it do (test/api/statement-plans.test.ts). A search for `null` itself now
 * reads the workspace's events in order and filters them.
 */
export const migration0019: Migration = {
  version: 19,
  name: 'sparse-event-indexes',
  sql: `
DROP INDEX events_ws_tenant;
DROP INDEX events_ws_connection;
DROP INDEX search_events_ws_installation;
CREATE INDEX events_ws_tenant ON events (workspace_id, tenant_id, created_at, id) WHERE tenant_id IS NOT NULL;
CREATE INDEX events_ws_connection ON events (workspace_id, connection_id, created_at, id) WHERE connection_id IS NOT NULL;
CREATE INDEX events_ws_installation ON events (workspace_id, installation_id, created_at, id) WHERE installation_id IS NOT NULL;
`,
}
