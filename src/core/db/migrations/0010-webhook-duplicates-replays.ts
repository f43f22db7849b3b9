import type { Migration } from '../migrate.js'

/**
 * Duplicates and edited replays. `message_id` is the sender's id of a capture whose signature is
 * valid (Standard Webhooks `webhook-id`, Stripe's event id, GitHub's delivery id); a later capture
 * with the same id in the same workspace and provider gets `duplicate_of` = the first one. The
 * index makes that one lookup per capture a single seek (rowid, the index's last column, gives the
 * first). `replay_of` links an edited replay to the event it was made from.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'webhook-duplicates-replays',
  sql: `
ALTER TABLE events ADD COLUMN message_id TEXT;
ALTER TABLE events ADD COLUMN duplicate_of TEXT;
ALTER TABLE events ADD COLUMN replay_of TEXT;
CREATE INDEX events_message ON events (workspace_id, provider, message_id) WHERE message_id IS NOT NULL;
CREATE INDEX events_ws_duplicate_of ON events (workspace_id, duplicate_of) WHERE duplicate_of IS NOT NULL;
CREATE INDEX events_ws_replay_of ON events (workspace_id, replay_of) WHERE replay_of IS NOT NULL;
`,
}
