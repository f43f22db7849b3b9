import { routeTable } from '../kit/routes.js'
import { wrapRouter } from '../kit/wrap-router.js'
import {
  createDefaultAssociation,
  createLabelledAssociation,
  listAssociations,
  removeAssociation,
} from './associations.js'
import { batchArchive, batchCreate, batchRead, batchUpdate } from './batch.js'
import { withCorrelationId } from './correlation.js'
import {
  archiveObject,
  createObject,
  getObject,
  listObjects,
  searchObjects,
  updateObject,
} from './objects.js'
import { kindOf } from './representations.js'
import type { HubspotState } from './state.js'

const V3 = '/crm/v3/objects/:objectType'
const V4 = '/crm/v4/objects/:fromType/:fromId/associations'
const isKind = (type: string) => kindOf(type) !== undefined

/**
 * The simulated CRM: v3 objects of the kinds it knows (contacts, companies), singly and in
 * batches, and v4 associations between two different kinds; anything else falls through.
 */
const table = routeTable<HubspotState>(
  [
    ['GET', V3, listObjects],
    ['POST', V3, createObject],
    ['POST', `${V3}/search`, searchObjects],
    ['POST', `${V3}/batch/read`, batchRead],
    ['POST', `${V3}/batch/create`, batchCreate],
    ['POST', `${V3}/batch/update`, batchUpdate],
    ['POST', `${V3}/batch/archive`, batchArchive],
    ['GET', `${V3}/:objectId`, getObject],
    ['PATCH', `${V3}/:objectId`, updateObject],
    ['DELETE', `${V3}/:objectId`, archiveObject],
    ['PUT', `${V4}/default/:toType/:toId`, createDefaultAssociation],
    ['GET', `${V4}/:toType`, listAssociations],
    ['PUT', `${V4}/:toType/:toId`, createLabelledAssociation],
    ['DELETE', `${V4}/:toType/:toId`, removeAssociation],
  ],
  {
    params: { objectType: isKind, fromType: isKind, toType: isKind },
    where: (p) => p.fromType === undefined || kindOf(p.fromType) !== kindOf(p.toType!),
  },
)

/** The table's handler for a call, its answer stamped with the call's correlation id. */
export const route = wrapRouter(table, (handler) => (ctx) => withCorrelationId(handler(ctx), ctx.ids.uuid()))
