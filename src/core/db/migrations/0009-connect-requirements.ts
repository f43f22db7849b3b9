import type { Migration } from '../migrate.js'

/**
 * What real providers need to connect and to be called: providers get `placeholders` (where each
 * URL placeholder's value comes from) and `api` (the REST API base URL); provider configs can
 * override the token endpoint auth method, extra authorization / token parameters and the API base
 * URL; connections keep token-response `metadata` (never a token). The catalog fingerprint is
 * cleared so the next boot re-syncs the catalog into the new columns.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'connect-requirements',
  sql: `
ALTER TABLE providers ADD COLUMN placeholders TEXT NOT NULL DEFAULT '{}';
ALTER TABLE providers ADD COLUMN api TEXT;

ALTER TABLE provider_configs ADD COLUMN token_endpoint_auth_method TEXT
  CHECK (token_endpoint_auth_method IN ('client_secret_basic', 'client_secret_post', 'none'));
ALTER TABLE provider_configs ADD COLUMN authorization_params TEXT;
ALTER TABLE provider_configs ADD COLUMN token_params TEXT;
ALTER TABLE provider_configs ADD COLUMN api_base_url TEXT;

ALTER TABLE connections ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}';

DELETE FROM settings WHERE key IN ('catalog_fingerprint', 'catalog_hash');
`,
}
