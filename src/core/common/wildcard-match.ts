/**
 * Whether `text` matches `pattern`, where `*` stands for any run of characters (empty included) and
 * every other character for itself. Linear in practice, whatever the pattern: the literal pieces
 * between stars are found left to right, each at its first place after the previous one (taking the
 * earliest place never loses a match, so nothing backtracks), where a regular expression built from
 * the pattern backtracks exponentially on `*a*a*a*b`.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  const pieces = pattern.split('*')
  if (pieces.length === 1) return pattern === text
  const first = pieces[0] as string
  const last = pieces.at(-1) as string
  if (first.length + last.length > text.length) return false
  if (!text.startsWith(first) || !text.endsWith(last)) return false
  let at = first.length
  const end = text.length - last.length
  for (const piece of pieces.slice(1, -1)) {
    if (piece === '') continue
    const found = text.indexOf(piece, at)
    if (found === -1 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}
