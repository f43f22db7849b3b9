/**
 * C0 and C1 control characters, DEL, and the Unicode bidi overrides/isolates: none belongs in a field
 * the gateway derives from captured data, and each can rewrite a terminal (ESC sequences) or disguise
 * text in a list. The raw body and headers keep them; derived fields never do.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** `value` without control characters, trimmed; null when nothing printable is left. */
export function printable(value: string, maxLength = 200): string | null {
  const cleaned = value.replace(CONTROLS, '').trim().slice(0, maxLength)
  return cleaned === '' ? null : cleaned
}
