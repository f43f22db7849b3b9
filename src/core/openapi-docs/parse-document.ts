import { parse as parseYaml } from 'yaml'
import { AppError, invalid } from '../errors.js'

/** How a document was sent: JSON, or YAML (`application/yaml`, `text/yaml`, their `x-` forms). */
export type DocumentFormat = 'json' | 'yaml'

/** The format a Content-Type names, or undefined when it names neither JSON nor YAML. */
export function formatOf(contentType: string | undefined): DocumentFormat | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === 'application/json' || /^application\/[\w.+-]*\+json$/.test(type)) return 'json'
  if (/^(application|text)\/(x-)?yaml$/.test(type)) return 'yaml'
  return undefined
}

/**
 * Parses an uploaded document. YAML is read as YAML 1.2 with no custom tags, aliases capped (a
 * "billion laughs" document is refused, not expanded) and duplicate keys refused; the result
 * must be an object.
 */
export function parseDocument(text: string, format: DocumentFormat): Record<string, unknown> {
  let value: unknown
  try {
    value =
      format === 'json'
        ? JSON.parse(text)
        : parseYaml(text, { maxAliasCount: 100, uniqueKeys: true, customTags: [], prettyErrors: false })
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : 'unreadable'
    throw invalid(`The document is not valid ${format === 'json' ? 'JSON' : 'YAML'}: ${reason}`, [
      { pointer: '', detail: reason ?? 'unreadable' },
    ])
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('An OpenAPI document is an object.', [{ pointer: '', detail: 'must be an object' }])
  }
  return value as Record<string, unknown>
}

/** The 415 for a body that is neither JSON nor YAML. */
export const unsupportedFormat = (contentType: string | undefined) =>
  new AppError(
    'unsupported_media_type',
    `Send the OpenAPI document as application/json, application/yaml or text/yaml (got ${contentType ? `'${contentType}'` : 'no Content-Type'}).`,
  )
