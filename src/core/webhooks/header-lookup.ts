/** Lower-case header name → first value. */
export type HeaderLookup = (name: string) => string | undefined
