import { randomBase62 } from '../../common/ids.js'
import { style } from '../kit/token-style.js'

/** How its OAuth tokens look (prefixes, lengths, lifetime), so simulated ones resemble them. */
export const githubTokens = style(
  () => `ghu_${randomBase62(36)}`,
  'ghr_',
  () => randomBase62(76),
  28_800,
)
