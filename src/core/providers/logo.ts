const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/** Relative luminance check so the monogram letter stays readable on any brand colour. */
function textColorOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#111111' : '#ffffff'
}

/** A monogram logo (first letters on the brand colour): ours to draw, no trademark artwork shipped. */
export function monogramSvg(name: string, color: string): string {
  const letters = escapeXml(
    name
      .replace(/[^\p{L}\p{N} ]/gu, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?',
  )
  const bg = /^#[0-9a-f]{6}$/i.test(color) ? color : '#64748b'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}"><rect width="64" height="64" rx="14" fill="${bg}"/><text x="32" y="41" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="${letters.length > 1 ? 24 : 30}" font-weight="700" text-anchor="middle" fill="${textColorOn(bg)}">${letters}</text></svg>`
}
