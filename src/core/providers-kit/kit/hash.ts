import { createHash } from 'node:crypto'

/**
 * A number in `[min, min + span)` derived from `text`: stable ids for a simulated account (the same
 * connection always gets the same user id, portal id, first issue id).
 */
export const hashNumber = (text: string, min: number, span: number): number =>
  min + (createHash('sha256').update(text).digest().readUInt32BE(0) % span)

/** Hex characters derived from `text` (a Slack verification token). */
export const hashHex = (text: string, length: number): string =>
  createHash('sha256').update(text).digest('hex').slice(0, length)
