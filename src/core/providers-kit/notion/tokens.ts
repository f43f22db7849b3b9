import { randomBase62 } from '../../common/ids.js'
import { style } from '../kit/token-style.js'

/** Notion's OAuth tokens: `ntn_` and 46 base62 characters; refresh tokens `nrt_…`. */
export const notionTokens = style(
  () => `ntn_${randomBase62(46)}`,
  'nrt_',
  () => randomBase62(46),
  3_600,
)
