/** Header, body and diff helpers for "Edit and replay" (pure: unit-testable, no React). */

import { HOP_BY_HOP } from '../../../src/shared/hop-by-hop'

export type HeaderPair = [name: string, value: string]

/** The captured headers that a replay sends, as editable `Name: value` lines. */
export function headerText(headers: Array<{ name: string; value: string }>): string {
  return headers
    .filter((h) => !HOP_BY_HOP.has(h.name.toLowerCase()))
    .map((h) => `${h.name}: ${h.value}`)
    .join('\n')
}

/** `Name: value` lines back into pairs; an error names the first line that is not a header. */
export function parseHeaderText(text: string): { headers: HeaderPair[]; error?: string } {
  const headers: HeaderPair[] = []
  const lines = text.split('\n')
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '')
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    const name = colon === -1 ? '' : line.slice(0, colon).trim()
    if (!name) return { headers, error: `Line ${i + 1} is not "Name: value".` }
    headers.push([name, line.slice(colon + 1).trim()])
  }
  return { headers }
}

/**
 * The API's `headers` change map between two header lists: a new value per changed name, null for
 * a removed one. A name may carry one value only after editing (the API sets one value per name).
 */
export function headerChanges(
  before: HeaderPair[],
  after: HeaderPair[],
): { changes: Record<string, string | null>; error?: string } {
  const group = (pairs: HeaderPair[]) => {
    const map = new Map<string, { name: string; values: string[] }>()
    for (const [name, value] of pairs) {
      const key = name.toLowerCase()
      const entry = map.get(key) ?? { name, values: [] }
      entry.values.push(value)
      map.set(key, entry)
    }
    return map
  }
  const was = group(before)
  const now = group(after)
  const changes: Record<string, string | null> = {}
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(key)
    const b = now.get(key)
    if (a && b && a.values.join('\n') === b.values.join('\n')) continue
    if (!b) {
      changes[a!.name] = null
      continue
    }
    if (b.values.length > 1)
      return { changes, error: `${b.name} appears more than once; keep one line for it.` }
    changes[b.name] = b.values[0]!
  }
  return { changes }
}

export interface DiffLine {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** Bodies larger than this many line pairs are diffed as "all removed, all added". */
const MAX_CELLS = 2_000_000

/** A line diff (longest common subsequence), for the review step. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n')
  const b = after.split('\n')
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text) => ({ kind: 'removed' as const, text })),
      ...b.map((text) => ({ kind: 'added' as const, text })),
    ]
  }
  // lcs[i][j]: the longest common subsequence of a[i:] and b[j:].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! })
      i++
      j++
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ kind: 'removed', text: a[i++]! })
    else out.push({ kind: 'added', text: b[j++]! })
  }
  while (i < a.length) out.push({ kind: 'removed', text: a[i++]! })
  while (j < b.length) out.push({ kind: 'added', text: b[j++]! })
  return out
}
