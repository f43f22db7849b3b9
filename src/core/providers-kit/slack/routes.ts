import type { Route } from '../kit/routes.js'
import { routeTable } from '../kit/routes.js'
import { METHODS, unknownMethod } from './methods.js'
import type { SlackState } from './state.js'

/**
 * Every Web API method answers GET and POST, under the API base with or without `/api`; any other
 * `family.method` name answers `unknown_method`, as slack.com does.
 */
export const route = routeTable<SlackState>(
  [
    ...Object.entries(METHODS).flatMap(
      ([name, handler]): Array<Route<SlackState>> => [
        [['GET', 'POST'], `/${name}`, handler],
        [['GET', 'POST'], `/api/${name}`, handler],
      ],
    ),
    [['GET', 'POST'], '/:method', unknownMethod],
    [['GET', 'POST'], '/api/:method', unknownMethod],
  ],
  { params: { method: /^[a-z][a-zA-Z]*(\.[a-zA-Z]+)+$/ } },
)
