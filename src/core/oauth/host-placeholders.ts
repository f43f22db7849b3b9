import { placeholdersOf } from './endpoints.js'

/** A fixed domain of at least two labels after the last placeholder of a host (`.myshopify.com`), maybe a port. */
const FIXED_DOMAIN_SUFFIX = /^(?:\.[a-z0-9-]+){2,}\.?(?::\d+)?$/i

/**
 * The placeholders that choose which host a URL template points at: any placeholder in the host
 * part, unless the host ends in a fixed domain of two or more labels after it (`{shop}.myshopify.com`
 * only picks a shop of Shopify's). `https://{instance}/oauth/token` or `http://{instance}:8080`
 * let the value name any server, so whoever sets it decides where the browser and the client
 * secret go.
 */
export function hostChoosingPlaceholders(template: string): string[] {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(template)?.[1] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  const names = placeholdersOf(host)
  if (names.length === 0) return []
  const afterLast = host.slice(host.lastIndexOf('}') + 1)
  return FIXED_DOMAIN_SUFFIX.test(afterLast) ? [] : names
}
