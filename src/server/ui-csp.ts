// A constant with no imports: the gateway's UI routes and the Electron shell (src/main) both apply it.

/** The Content-Security-Policy of every UI response (the desktop shell applies the same one). */
export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')
