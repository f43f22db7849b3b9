import { routeTable } from '../kit/routes.js'
import { query, queryMore } from './query.js'
import { createRecord, destroyRecord, retrieveRecord, updateRecord } from './sobjects.js'
import type { SalesforceState } from './state.js'

const V = '/services/data/:version'

/** The REST API under `/services/data/vNN.N`, as jsforce calls it against `instanceUrl`. */
export const route = routeTable<SalesforceState>(
  [
    ['POST', `${V}/sobjects/:sobject`, createRecord],
    ['GET', `${V}/sobjects/:sobject/:id`, retrieveRecord],
    ['PATCH', `${V}/sobjects/:sobject/:id`, updateRecord],
    ['DELETE', `${V}/sobjects/:sobject/:id`, destroyRecord],
    ['GET', `${V}/query`, query],
    ['GET', `${V}/query/:locator`, queryMore],
  ],
  { params: { version: /^v\d{2}\.0$/ } },
)
