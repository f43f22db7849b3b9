/**
 * Timestamps as providers write them: ISO 8601 in whole seconds without a fraction
 * (`2026-11-26T10:00:58Z`, GitHub), and HTTP dates (`Last-Modified`).
 */

/** `2026-11-26T10:00:58Z`: the instant truncated to the second, no milliseconds. */
export const isoSeconds = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')

/** An RFC 9110 HTTP date (`Thu, 26 Nov 2026 10:00:58 GMT`). */
export const httpDate = (ms: number): string => new Date(ms).toUTCString()
