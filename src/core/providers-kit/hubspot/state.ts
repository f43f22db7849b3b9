import type { Connection } from '../../connections/connections.schema.js'
import { hashNumber } from '../kit/hash.js'
import type { ObjectKind } from './representations.js'
import { HUBSPOT_EVENT_TYPES } from './webhooks.js'

/** The simulated portal: its ids, id counters and the contacts' unique emails (objects live in simulation_objects). */
export interface HubspotState {
  portalId: number
  appId: number
  subscriptionIds: Record<string, number>
  next_id: Record<ObjectKind, number>
  next_event_id: number
  /** Lower-case email → id of the live contact that has it (HubSpot keeps emails unique). */
  emails: Record<string, string>
}

/** A new portal: its ids and id counters, derived from the connection's id. */
export function initialState(connection: Connection): HubspotState {
  const appId = hashNumber(`${connection.id}:app`, 1_000_000, 9_000_000)
  return {
    portalId: hashNumber(connection.id, 20_000_000, 100_000_000),
    appId,
    subscriptionIds: Object.fromEntries(
      HUBSPOT_EVENT_TYPES.map((type, i) => [
        type,
        hashNumber(`${connection.id}:${type}`, 2_000_000, 900_000) + i,
      ]),
    ),
    next_id: {
      contact: hashNumber(`${connection.id}:contact`, 10_000_000_000, 90_000_000),
      company: hashNumber(`${connection.id}:company`, 20_000_000_000, 90_000_000),
    },
    next_event_id: hashNumber(`${connection.id}:event`, 100_000_000, 800_000_000),
    emails: {},
  }
}
