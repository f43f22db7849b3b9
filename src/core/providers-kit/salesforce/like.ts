/**
 * SOQL's `LIKE` (case-insensitive; `%` any run, `_` one character), matched without a regular
 * expression: a pattern of many `%` compiled to `.*` backtracks polynomially in the value's length
 * per `%`, and the pattern is the caller's. This walk keeps the last `%` to fall back to, so it costs
 * at most value length × pattern length.
 */
export function likeMatches(value: string, pattern: string): boolean {
  const v = value.toLowerCase()
  const p = pattern.toLowerCase()
  let i = 0
  let j = 0
  let star = -1
  let resume = 0
  while (i < v.length) {
    if (j < p.length && (p[j] === '_' || (p[j] !== '%' && p[j] === v[i]))) {
      i++
      j++
    } else if (j < p.length && p[j] === '%') {
      star = j++
      resume = i
    } else if (star !== -1) {
      j = star + 1
      i = ++resume
    } else return false
  }
  while (p[j] === '%') j++
  return j === p.length
}
