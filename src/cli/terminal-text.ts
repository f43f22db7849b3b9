import type { Io } from './io.js'

/**
 * What a terminal would act on rather than show: C0 controls other than newline and tab (ESC
 * starts the sequences that retitle, clear or recolour it; CR overwrites the line), DEL, the C1
 * controls (U+009B is a one-character CSI) and the bidi embeddings, overrides and isolates, which
 * reorder what follows them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * Text safe to print: every unsafe character becomes a visible `\uXXXX`. That is also a JSON
 * escape of the same character, so `--json` output (where JSON.stringify leaves DEL, C1 and bidi
 * characters raw) stays valid JSON with the same values.
 */
export const terminalSafe = (text: string): string => text.replace(UNSAFE, escapeChar)

/** One value inside a line (a table cell, a field of `events tail`): newlines and tabs escaped too. */
export const oneLine = (value: string): string =>
  terminalSafe(value).replace(/[\n\t]/g, (c) => (c === '\n' ? '\\n' : '\\t'))

/** An Io whose every line is made safe before it is printed: the one gate all command output passes. */
export const terminalSafeIo = (io: Io): Io => ({
  ...io,
  out: (line) => io.out(terminalSafe(line)),
  err: (line) => io.err(terminalSafe(line)),
})
