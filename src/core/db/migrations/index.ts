import type { Migration } from '../migrate.js'
import { migration0001 } from './0001-foundation.js'
import { migration0002 } from './0002-providers.js'
import { migration0003 } from './0003-provider-configs-events.js'
import { migration0005 } from './0005-search.js'
import { migration0006 } from './0006-connect-flows.js'
import { migration0007 } from './0007-webhooks.js'
import { migration0008 } from './0008-sync.js'
import { migration0009 } from './0009-connect-requirements.js'
import { migration0010 } from './0010-webhook-duplicates-replays.js'
import { migration0011 } from './0011-redirect-origins.js'
import { migration0012 } from './0012-data-plane.js'
import { migration0014 } from './0014-simulation.js'
import { migration0015 } from './0015-mock-routes.js'
import { migration0016 } from './0016-workspace-scoped-tokens.js'
import { migration0017 } from './0017-openapi.js'
import { migration0018 } from './0018-table-versions.js'
import { migration0019 } from './0019-sparse-event-indexes.js'

/** Every migration, in order. Add a file and list it here; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
]
