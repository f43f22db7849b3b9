/** A path template of an OpenAPI document (`/repos/{owner}/{repo}/issues/{issue_number}`), split. */
export interface PathTemplate {
  template: string
  /** Literal segments as they are; parameter segments as `{ param, prefix, suffix }`. */
  segments: Array<string | { param: string; prefix: string; suffix: string }>
}

/** Parses a path template; a segment may hold one parameter with literal text around it (`{id}.json`). */
export function parseTemplate(template: string): PathTemplate {
  const segments = template
    .split('/')
    .filter((s) => s !== '')
    .map((segment) => {
      const match = /^([^{}]*)\{([^{}]+)\}([^{}]*)$/.exec(segment)
      return match
        ? { param: match[2] as string, prefix: match[1] as string, suffix: match[3] as string }
        : segment
    })
  return { template, segments }
}

/**
 * Most specific first: more literal segments earlier wins (`/pets/mine` before `/pets/{id}`), then
 * more segments, then the template text (a stable order).
 */
export function compareTemplates(a: PathTemplate, b: PathTemplate): number {
  const n = Math.min(a.segments.length, b.segments.length)
  for (let i = 0; i < n; i++) {
    const literalA = typeof a.segments[i] === 'string'
    const literalB = typeof b.segments[i] === 'string'
    if (literalA !== literalB) return literalA ? -1 : 1
  }
  if (a.segments.length !== b.segments.length) return b.segments.length - a.segments.length
  return a.template < b.template ? -1 : a.template > b.template ? 1 : 0
}

/** The path parameters (decoded) when the path fits the template, else undefined. */
export function matchTemplate(
  template: PathTemplate,
  parts: readonly string[],
): Record<string, string> | undefined {
  if (parts.length !== template.segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, segment] of template.segments.entries()) {
    const part = parts[i] as string
    if (typeof segment === 'string') {
      if (part !== segment) return undefined
      continue
    }
    const { prefix, suffix, param } = segment
    if (part.length < prefix.length + suffix.length + 1) return undefined
    if (!part.startsWith(prefix) || !part.endsWith(suffix)) return undefined
    let value: string
    try {
      value = decodeURIComponent(part.slice(prefix.length, part.length - suffix.length))
    } catch {
      return undefined
    }
    params[param] = value
  }
  return params
}
