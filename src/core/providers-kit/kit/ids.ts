import { randomBytes, randomUUID } from 'node:crypto'

/**
 * Random values a simulation puts in answers and webhooks (request ids, delivery ids). Injected
 * through the call's context, so a test can make them predictable.
 */
export interface SimulationIds {
  uuid(): string
  /** `bytes` random bytes as lower-case hex. */
  hex(bytes: number): string
}

export const randomSimulationIds: SimulationIds = {
  uuid: () => randomUUID(),
  hex: (bytes) => randomBytes(bytes).toString('hex'),
}
