import { randomBase62 } from '../common/ids.js'
import { b64url, digits, hex, style, type TokenStyle } from '../providers-kit/kit/token-style.js'
import { PROVIDER_KITS } from '../providers-kit/registry.js'

export type { TokenStyle }

/** The catalog's token shapes; a provider kit's own are in its folder. */
const STYLES: Record<string, TokenStyle> = {
  ...Object.fromEntries(PROVIDER_KITS.map((kit) => [kit.id, kit.tokens])),
  google: style(
    () => `ya29.a0${b64url(160)}`,
    '1//0',
    () => b64url(100),
    3_599,
  ),
  stripe: style(
    () => `sk_test_51${randomBase62(97)}`,
    'rt_',
    () => randomBase62(48),
    3_600,
  ),
  dropbox: style(
    () => `sl.u.${b64url(140)}`,
    'dbr_',
    () => randomBase62(64),
    14_400,
  ),
  zoom: style(
    () => `eyJzdiI6IjAwMDAwMSIsImFsZyI6IkhTNTEyIn0.${b64url(220)}`,
    'zrt.',
    () => b64url(200),
    3_600,
  ),
  asana: style(
    () => `2/${digits(16)}/${digits(16)}:${hex(32)}`,
    '2/r/',
    () => `${digits(16)}:${hex(32)}`,
    3_600,
  ),
  zendesk: style(
    () => hex(64),
    'zdr_',
    () => hex(64),
    172_800,
  ),
}

/** The style for a provider id (`google-drive` → google), or a generic opaque one. */
export function tokenStyleOf(providerId: string): TokenStyle {
  const family = providerId.split('-')[0] ?? providerId
  return (
    STYLES[providerId] ??
    STYLES[family] ??
    style(
      () => `sim_at_${randomBase62(40)}`,
      'sim_rt_',
      () => randomBase62(40),
      3_600,
    )
  )
}
