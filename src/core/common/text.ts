import type { z } from 'zod'

/**
 * Text with no control character: none of Unicode's Cc (U+0000-U+001F, U+007F-U+009F), the same set
 * as `\p{Cc}`. Spelled as ranges without flags so the OpenAPI `pattern` reads the same in every
 * regex dialect. Names are printed by the CLI and shown in the dashboard and logs: a NUL, a line
 * break or an ESC in one could cut it short, fake a line or drive a terminal.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/

/** The one rule for name-like fields (names, descriptions): refuses control characters with a 400 that says so. */
export const noControlCharacters = (schema: z.ZodString): z.ZodString =>
  schema.regex(NO_CONTROL_CHARACTERS, 'must not contain control characters (U+0000-U+001F, U+007F-U+009F)')
