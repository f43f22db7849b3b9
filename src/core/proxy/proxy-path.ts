import { AppError } from '../errors.js'

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i

/**
 * Checks the part of a proxy URL after the connection id: it must start with `/` and must not
 * climb out of the provider's API base (no `.`/`..` segments, plain or percent-encoded, no
 * backslashes, no control characters), since it is appended to the base as it is.
 */
export function checkProxyPath(path: string): string {
  const fail = (detail: string) =>
    new AppError('invalid_request', `The proxy path '${path.slice(0, 200)}' is not usable: ${detail}.`, {
      errors: [{ pointer: 'path:/path', detail }],
    })
  if (!path.startsWith('/')) throw fail('expected /proxy/{connection_id}/{path}')
  if (path.includes('\\') || /%5c/i.test(path)) throw fail('backslashes are not allowed')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(path) || /%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(path)) {
    throw fail('control characters are not allowed')
  }
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    throw fail("'.' and '..' segments are not allowed")
  }
  return path
}
