import { cursorPage } from '../kit/cursor-page.js'
import { limitArg } from './args.js'
import { type Ctx, fail } from './state.js'

/** One page of `items` by the call's `limit` and `cursor`, or Slack's `invalid_limit` / `invalid_cursor`. */
export function slackPage<T>(
  ctx: Ctx,
  items: readonly T[],
  kind: string,
  keyOf: (item: T) => string,
  limit: { fallback: number; max: number },
) {
  const size = limitArg(ctx.args, limit.fallback, limit.max)
  if (size === undefined) return fail(ctx, 'invalid_limit')
  return cursorPage(items, keyOf, ctx.args.get('cursor'), kind, size) ?? fail(ctx, 'invalid_cursor')
}
