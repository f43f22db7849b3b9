/**
 * Headers that belong to one hop (RFC 9110 section 7.6.1), plus the ones the HTTP client computes
 * for each request itself: a re-delivery never copies them, and an edited replay may not set them.
 * Pure data, so the dashboard's "Edit and replay" hides the same ones the API refuses.
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
  'http2-settings',
])
