import { wellFormedTarget } from './middleware/percent-encoding.js'

/** RFC 3986 path characters without `%`: the app's URL parsing leaves a path of them as it is. */
const PLAIN_SEGMENTS = /^[\w.-]+(?:\/[\w.~!$&'()*+,;=:@-]*)*$/
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/
/** Printable ASCII but `#`; `%` only in well-formed escapes (checked apart). */
const PLAIN_QUERY = /^[\x21-\x22\x24-\x7e]*$/

/**
 * A request target under `prefix` that the app would route and read exactly as sent, split into
 * its path, its first segment after the prefix (non-empty), what follows that segment, and its raw
 * query; null for anything else (percent-escapes or dot segments in the path, a malformed or
 * unusual query), which the fast lanes leave to the app.
 */
export function plainTarget(target: string, prefix: string) {
  if (!target.startsWith(prefix)) return null
  const q = target.indexOf('?')
  const path = q === -1 ? target : target.slice(0, q)
  const under = path.slice(prefix.length)
  if (!PLAIN_SEGMENTS.test(under) || DOT_SEGMENT.test(under)) return null
  const query = q === -1 ? '' : target.slice(q + 1)
  if (!PLAIN_QUERY.test(query) || !wellFormedTarget(query)) return null
  const slash = under.indexOf('/')
  return {
    path,
    first: slash === -1 ? under : under.slice(0, slash),
    rest: slash === -1 ? '' : under.slice(slash),
    query,
  }
}
