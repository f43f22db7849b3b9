import type { Migration } from '../migrate.js'

/**
 * The tables with a version (the rows the hot paths memoise). Part of this migration's SQL: never
 * edit it; a table that needs a version later gets a migration of its own.
 */
export const VERSIONED_TABLES = [
  'workspaces',
  'api_keys',
  'providers',
  'provider_configs',
  'connections',
  'webhook_endpoints',
  'mock_routes',
  'recordings',
] as const
export type VersionedTable = (typeof VERSIONED_TABLES)[number]

const triggers = (table: string) =>
  (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map(
      (op) =>
        `CREATE TRIGGER table_versions_${table}_${op.toLowerCase()} AFTER ${op} ON ${table}
BEGIN UPDATE table_versions SET version = random() WHERE name = '${table}'; END;`,
    )
    .join('\n')

/**
 * A version per table that the hot paths' memos read from (table-stamp.ts): every write to the
 * table, by any connection or process, foreign-key cascades and generic snapshot restores included,
 * gives it a new random value, inside the writing transaction (a rollback takes it back). Tables
 * written on every request (events, their requests, outbound messages) have none.
 */
export const migration0018: Migration = {
  version: 18,
  name: 'table-versions',
  sql: `
CREATE TABLE table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO table_versions (name, version) VALUES ${VERSIONED_TABLES.map((t) => `('${t}', 0)`).join(', ')};
${VERSIONED_TABLES.map(triggers).join('\n')}
`,
}
