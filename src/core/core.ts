import { randomBytes } from 'node:crypto'
import { createApiKeysRepo } from './api-keys/api-keys.repo.js'
import { createApiKeysService } from './api-keys/api-keys.service.js'
import { type Clock, systemClock } from './common/clock.js'
import { type Ids, randomIds } from './common/ids.js'
import type { Db } from './db/open.js'
import { createCursorCodec } from './search/cursor.js'
import { createSearchEngine } from './search/search-engine.js'
import { createSettingsRepo } from './settings/settings.repo.js'
import { createWorkspacesRepo } from './workspaces/workspaces.repo.js'
import { createWorkspacesService } from './workspaces/workspaces.service.js'

export interface CoreDeps {
  db: Db
  clock?: Clock
  ids?: Ids
}

/** Builds every core service on one database. No HTTP here: the server and the CLI both use this. */
export function createCore(deps: CoreDeps) {
  const { db } = deps
  const clock = deps.clock ?? systemClock
  const ids = deps.ids ?? randomIds
  const settings = createSettingsRepo(db)
  const cursorSecret = Buffer.from(
    settings.getOrCreate('cursor_secret', () => randomBytes(32).toString('base64')),
    'base64',
  )
  const search = createSearchEngine({ db, cursors: createCursorCodec(cursorSecret) })
  const workspaces = createWorkspacesService({ repo: createWorkspacesRepo(db), clock, ids })
  const apiKeys = createApiKeysService({ repo: createApiKeysRepo(db), clock, ids })
  return { db, clock, ids, settings, search, workspaces, apiKeys }
}
export type Core = ReturnType<typeof createCore>
