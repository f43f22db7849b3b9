/**
 * Mock route path patterns, as Express and Mockoon users write them: literal segments, `:name`
 * segments that match one non-empty segment, and an optional trailing `*` that matches the rest of
 * the path (zero or more segments, available to templates as `params.wildcard`). A trailing `/` is
 * not significant. Literal segments compare percent-decoded, case-sensitively.
 */
export interface PathPattern {
  segments: ReadonlyArray<{ literal: string } | { param: string }>
  wildcard: boolean
}

/** The name under which a trailing `*` hands the rest of the path to templates. */
export const WILDCARD_PARAM = 'wildcard'
export const MAX_PATH_PATTERN = 2048

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const FORBIDDEN = /[\u0000-\u0020\u007f?#\\]/

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const split = (path: string): string[] => {
  const parts = path.split('/').slice(1)
  if (parts.length > 0 && parts.at(-1) === '') parts.pop()
  return parts
}

/** Parses a pattern; a string is the reason it is not one. */
export function parsePathPattern(pattern: string): PathPattern | string {
  if (!pattern.startsWith('/')) return "must start with '/'"
  if (pattern.length > MAX_PATH_PATTERN) return `must be at most ${MAX_PATH_PATTERN} characters`
  if (FORBIDDEN.test(pattern)) {
    return "must not contain spaces, control characters, '?', '#' or '\\' (the query is matched by templates, not by the path)"
  }
  const parts = split(pattern)
  const segments: Array<{ literal: string } | { param: string }> = []
  const names = new Set<string>()
  let wildcard = false
  for (const [i, part] of parts.entries()) {
    if (part === '') return "must not contain empty segments ('//')"
    if (part === '*') {
      if (i !== parts.length - 1) return "'*' is only allowed as the last segment"
      wildcard = true
    } else if (part.startsWith(':')) {
      const name = part.slice(1)
      if (!PARAM_NAME.test(name)) {
        return `':${name}' is not a parameter name (a letter or '_', then letters, digits or '_')`
      }
      if (name === WILDCARD_PARAM) return `':${WILDCARD_PARAM}' is reserved for the trailing '*'`
      if (names.has(name)) return `parameter ':${name}' appears twice`
      names.add(name)
      segments.push({ param: name })
    } else if (part.includes('*')) {
      return "'*' must be a whole segment (the last one)"
    } else if (part === '.' || part === '..') {
      return "'.' and '..' segments are not allowed"
    } else {
      segments.push({ literal: decode(part) })
    }
  }
  return { segments, wildcard }
}

/** The path parameters when the path matches, else undefined. */
export function matchPath(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const parts = split(path)
  const { segments } = pattern
  if (pattern.wildcard ? parts.length < segments.length : parts.length !== segments.length) return undefined
  const params: Record<string, string> = Object.create(null)
  for (const [i, segment] of segments.entries()) {
    const value = decode(parts[i] as string)
    if ('literal' in segment) {
      if (segment.literal !== value) return undefined
    } else if (value === '') return undefined
    else params[segment.param] = value
  }
  if (pattern.wildcard) params[WILDCARD_PARAM] = parts.slice(segments.length).map(decode).join('/')
  return params
}

/**
 * Orders two patterns that match the same path, most specific first: segment by segment, a literal
 * beats a parameter, which beats the wildcard's rest. Negative when `a` is the more specific.
 */
export function compareSpecificity(a: PathPattern, b: PathPattern): number {
  const rank = (p: PathPattern, i: number) => {
    const segment = p.segments[i]
    if (segment) return 'literal' in segment ? 2 : 1
    // Past its last segment: the wildcard's rest ranks lowest, an exact end highest.
    return p.wildcard ? 0 : 3
  }
  const length = Math.max(a.segments.length, b.segments.length) + 1
  for (let i = 0; i < length; i++) {
    const diff = rank(b, i) - rank(a, i)
    if (diff !== 0) return diff
  }
  return 0
}
