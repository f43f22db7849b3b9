import type { Migration } from '../migrate.js'

/**
 * OpenAPI documents attached to providers, and the objects their simulation keeps. A document is
 * stored as it was uploaded (`source`, `content_type`) and, when that was YAML, as JSON too
 * (`document`), so loading it never parses YAML again. Simulated objects are keyed by the
 * connection and the concrete collection path (`scope`: `/repos/acme/app/issues`), so each
 * repository's issues are its own. `validate_against_openapi` is the provider config's switch for
 * checking live and recorded exchanges against the document.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'openapi',
  sql: `
CREATE TABLE openapi_documents (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  content_type TEXT NOT NULL,
  source TEXT NOT NULL,
  document TEXT,
  openapi_version TEXT NOT NULL,
  title TEXT NOT NULL,
  version TEXT NOT NULL,
  operations INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, provider)
);
-- Every simulated call asks whether its cached document is current: this index answers that
-- without reading the row, whose columns sit behind the document's megabytes.
CREATE INDEX openapi_documents_version ON openapi_documents (workspace_id, provider, updated_at);
CREATE TABLE openapi_objects (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  connection_id TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  scope TEXT NOT NULL,
  id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (workspace_id, connection_id, scope, id)
);
CREATE INDEX openapi_objects_order ON openapi_objects (workspace_id, connection_id, scope, seq);
ALTER TABLE provider_configs ADD COLUMN validate_against_openapi INTEGER NOT NULL DEFAULT 0;
`,
}
