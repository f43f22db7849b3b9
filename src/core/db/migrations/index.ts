import type { Migration } from '../migrate.js'
import { migration0001 } from './0001-foundation.js'
import { migration0002 } from './0002-providers.js'
import { migration0003 } from './0003-provider-configs-events.js'

/** Every migration, in order. Add a file and list it here; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003]
