import type { ProviderKit, ProviderSimulation } from '../kit/provider-kit.js'
import { googleDialect } from './errors.js'
import { route } from './routes.js'
import { googleCalendarSeed } from './seed.js'
import { type GcalState, initialState } from './state.js'
import { googleCalendarTokens } from './tokens.js'
import { googleCalendarAccountView, googleCalendarExampleCalls } from './view.js'

/**
 * The simulated Google Calendar API v3 for `@googleapis/calendar`: the calendar list, the primary
 * calendar's events (insert, get, patch, update, delete, list with paging, time bounds and
 * incremental sync tokens), in Google's error shape. Google Calendar sends no webhooks here.
 */
export const googleCalendarSimulation: ProviderSimulation<GcalState> = {
  provider: 'google-calendar',
  initialState,
  route,
  errors: googleDialect,
  accountView: googleCalendarAccountView,
  exampleCalls: googleCalendarExampleCalls,
}

/** The registry entry. */
export const googleCalendar = {
  id: 'google-calendar',
  simulation: googleCalendarSimulation,
  seed: googleCalendarSeed,
  tokens: googleCalendarTokens,
} as const satisfies ProviderKit
