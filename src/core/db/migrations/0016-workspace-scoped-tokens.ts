import type { Migration } from '../migrate.js'

/**
 * Simulated tokens are the workspace's own: a token's hash is unique within its workspace, not
 * across the gateway, so a token one workspace declares (fixtures choose theirs) can never take the
 * place of, or be judged as, another workspace's token of the same value.
 */
export const migration0016: Migration = {
  version: 16,
  name: 'workspace-scoped-tokens',
  sql: `
CREATE TABLE simulation_tokens_scoped (
  token_hash TEXT NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  grant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at TEXT,
  expired_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, token_hash)
);
INSERT INTO simulation_tokens_scoped (token_hash, workspace_id, grant_id, kind, expires_at, expired_at, created_at)
  SELECT token_hash, workspace_id, grant_id, kind, expires_at, expired_at, created_at FROM simulation_tokens;
DROP TABLE simulation_tokens;
ALTER TABLE simulation_tokens_scoped RENAME TO simulation_tokens;
CREATE INDEX simulation_tokens_grant ON simulation_tokens (grant_id, kind);
`,
}
