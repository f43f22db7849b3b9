/** The product's version, in the banner, `--version`, /health and the OpenAPI document. */
export const VERSION = '0.1.0'
