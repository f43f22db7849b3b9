import { type Clock, isoAt } from '../common/clock.js'
import { forwardableHeaders, sendHttp } from '../deliveries/http-send.js'
import type { SyncRepo } from './sync.repo.js'
import { upstreamName } from './sync-pull.js'

const PAGE = 100
const TIMEOUT_MS = 30_000

export interface PushOptions {
  workspaceId: string
  baseUrl: string
  /** The upstream workspace to deliver into (`?workspace=`); the upstream's default when omitted. */
  upstreamWorkspace?: string
  onProgress?: (progress: { pushed: number; failed: number; total: number; done: boolean }) => void
}

export interface PushFailure {
  event_id: string
  status: number | null
  error: string | null
}

export interface PushSummary {
  upstream: string
  pushed: number
  failed: PushFailure[]
  complete: boolean
  error?: string
}

/** The original query string without its `workspace` (a local name), plus the upstream's one. */
function queryFor(original: string, upstreamWorkspace: string | undefined): string {
  const params = new URLSearchParams(original)
  params.delete('workspace')
  if (upstreamWorkspace) params.set('workspace', upstreamWorkspace)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * Pushes the webhooks captured here (never the events pulled from an upstream) to the upstream's
 * `/webhooks/{provider}`, byte-exact with their original method and headers (hop-by-hop ones left
 * out). A 2xx answer is recorded per (event, upstream), so nothing is sent twice; other answers are
 * reported and tried again on the next push. An unreachable upstream stops the push.
 */
export function createSyncPush(deps: { repo: SyncRepo; clock: Clock }) {
  const { repo, clock } = deps
  return {
    async push(options: PushOptions): Promise<PushSummary> {
      const upstream = upstreamName(options.baseUrl)
      const ws = options.workspaceId
      const total = repo.pendingPushes(ws, upstream)
      const summary: PushSummary = { upstream, pushed: 0, failed: [], complete: false }
      let after = 0
      for (;;) {
        const batch = repo.pushCandidates(ws, upstream, after, PAGE)
        for (const c of batch) {
          after = c.seq
          const target = `${upstream}/webhooks/${encodeURIComponent(c.provider!)}${queryFor(c.query, options.upstreamWorkspace)}`
          const headers = forwardableHeaders(JSON.parse(c.headers) as Array<[string, string]>)
          const result = await sendHttp(
            target,
            { method: c.method, headers, body: c.body },
            { timeoutMs: TIMEOUT_MS, nowMs: clock.now() },
          )
          if (result.status === null) {
            summary.error = `Pushing to ${upstream} failed: ${result.error}. ${summary.pushed} webhooks were pushed and recorded; run the push again to send the rest.`
            options.onProgress?.({ pushed: summary.pushed, failed: summary.failed.length, total, done: true })
            return summary
          }
          if (result.status >= 200 && result.status < 300) {
            repo.recordPush(c.id, upstream, result.status, isoAt(clock.now()))
            summary.pushed++
          } else {
            summary.failed.push({ event_id: c.id, status: result.status, error: result.error })
          }
          options.onProgress?.({ pushed: summary.pushed, failed: summary.failed.length, total, done: false })
        }
        if (batch.length < PAGE) break
      }
      options.onProgress?.({ pushed: summary.pushed, failed: summary.failed.length, total, done: true })
      summary.complete = summary.failed.length === 0
      return summary
    },
  }
}
