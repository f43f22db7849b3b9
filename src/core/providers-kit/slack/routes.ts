import type { Route } from '../kit/routes.js'
import { routeTable } from '../kit/routes.js'
import { METHODS } from './methods.js'
import type { SlackState } from './state.js'

/** Every Web API method answers GET and POST, under the API base with or without `/api`. */
export const route = routeTable<SlackState>(
  Object.entries(METHODS).flatMap(
    ([name, handler]): Array<Route<SlackState>> => [
      [['GET', 'POST'], `/${name}`, handler],
      [['GET', 'POST'], `/api/${name}`, handler],
    ],
  ),
)
