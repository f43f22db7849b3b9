/**
 * The value of each of `names` (lower case) among a request's header pairs, or null when one of
 * them is sent more than once. The fast lanes read a field only when it is unambiguous: the app,
 * through the Headers class, would join repeated values into one, so those requests stay the app's.
 */
export function singleFields<N extends string>(
  pairs: ReadonlyArray<readonly [string, string]>,
  names: ReadonlySet<N>,
): Partial<Record<N, string>> | null {
  const found: Partial<Record<N, string>> = {}
  for (const [name, value] of pairs) {
    const key = name.toLowerCase() as N
    if (!names.has(key)) continue
    if (found[key] !== undefined) return null
    found[key] = value
  }
  return found
}
