import { BUILT_IN_SIMULATIONS } from './registry.js'

const byProvider = new Map(
  BUILT_IN_SIMULATIONS.flatMap((s) =>
    [s.provider, ...(s.aliases ?? [])].map((id) => [id, [...new Set(s.route.operations)]] as const),
  ),
)

/** The operations a catalog provider's built-in simulation answers (`GET /user`), if it has one. */
export const simulatedOperations = (providerId: string): readonly string[] | undefined =>
  byProvider.get(providerId)
