import type { Handler, Router } from './provider-kit.js'

/**
 * A router whose every handler is wrapped (HubSpot stamps each answer with the call's correlation
 * id); the calls it routes and the operations it lists stay the same.
 */
export const wrapRouter = <State>(
  router: Router<State>,
  wrap: (handler: Handler<State>) => Handler<State>,
): Router<State> =>
  Object.assign(
    (call: Parameters<Router<State>>[0]) => {
      const handler = router(call)
      return handler && wrap(handler)
    },
    { operations: router.operations },
  )
