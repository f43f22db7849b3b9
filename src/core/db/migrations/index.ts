import type { Migration } from '../migrate.js'
import { migration0001 } from './0001-foundation.js'

/** Every migration, in order. Add a file and list it here; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [migration0001]
