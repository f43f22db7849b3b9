import { randomBytes } from 'node:crypto'
import { randomBase62 } from '../common/ids.js'

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('')
const hex = (n: number) =>
  randomBytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n)
const b64url = (n: number) => randomBytes(n).toString('base64url').slice(0, n)

/** How a provider's tokens look, so simulated connections resemble real ones in logs and UIs. */
export interface TokenStyle {
  access(): string
  refresh(): string
  /** Recognises this style's refresh tokens (the simulator accepts its own, statelessly). */
  isRefresh(token: string): boolean
  expiresIn: number
}

const style = (
  access: () => string,
  refreshPrefix: string,
  refreshBody: () => string,
  expiresIn: number,
): TokenStyle => ({
  access,
  refresh: () => `${refreshPrefix}${refreshBody()}`,
  isRefresh: (token) => token.startsWith(refreshPrefix) && token.length > refreshPrefix.length + 15,
  expiresIn,
})

const STYLES: Record<string, TokenStyle> = {
  github: style(
    () => `ghu_${randomBase62(36)}`,
    'ghr_',
    () => randomBase62(76),
    28_800,
  ),
  slack: style(
    () => `xoxe.xoxp-1-${digits(13)}-${digits(13)}-${hex(64)}`,
    'xoxe-1-',
    () => b64url(120),
    43_200,
  ),
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
  shopify: style(
    () => `shpua_${hex(32)}`,
    'shprt_',
    () => hex(32),
    86_400,
  ),
  notion: style(
    () => `ntn_${randomBase62(46)}`,
    'nrt_',
    () => randomBase62(46),
    3_600,
  ),
  dropbox: style(
    () => `sl.u.${b64url(140)}`,
    'dbr_',
    () => randomBase62(64),
    14_400,
  ),
  hubspot: style(
    () => `CJ${b64url(150)}`,
    'na1-',
    () => `${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
    1_800,
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
  salesforce: style(
    () => `00D${randomBase62(12)}!AR${b64url(96)}`,
    '5Aep',
    () => b64url(83),
    7_200,
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
