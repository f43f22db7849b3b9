import { randomBase62 } from '../../common/ids.js'
import { b64url, style } from '../kit/token-style.js'

/** Session ids look like an org's (`00D…!AR…`); refresh tokens `5Aep…`; sessions last two hours. */
export const salesforceTokens = style(
  () => `00D${randomBase62(12)}!AR${b64url(96)}`,
  '5Aep',
  () => b64url(83),
  7_200,
)
