import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { AppError, notFound } from '../errors.js'
import type { StartPull, StartPush, SyncJob } from './sync.schema.js'
import { type createSyncPull, upstreamName } from './sync-pull.js'
import type { createSyncPush } from './sync-push.js'

/** Finished jobs kept per workspace, newest first, so the UI can show the last result. */
const KEEP = 20

/**
 * Pulls and pushes run as background jobs (the UI polls them for progress). Jobs live in memory:
 * a restart forgets them, while the watermarks and push records they wrote stay in the database.
 * One job at a time per workspace.
 */
export function createSyncJobs(deps: {
  sync: ReturnType<typeof createSyncPull> & ReturnType<typeof createSyncPush>
  clock: Clock
  ids: Ids
}) {
  const { sync, clock, ids } = deps
  const jobs = new Map<string, { workspaceId: string; job: SyncJob; done: Promise<void> }>()

  const begin = (workspaceId: string, kind: SyncJob['kind'], baseUrl: string): SyncJob => {
    const upstream = upstreamName(baseUrl)
    for (const entry of jobs.values()) {
      if (entry.workspaceId === workspaceId && entry.job.status === 'running') {
        throw new AppError(
          'conflict',
          `A sync ${entry.job.kind} (${entry.job.id}) is still running in this workspace; wait for it to finish.`,
        )
      }
    }
    const ofWorkspace = [...jobs.entries()].filter(([, e]) => e.workspaceId === workspaceId)
    for (const [id] of ofWorkspace.slice(0, Math.max(0, ofWorkspace.length - KEEP + 1))) jobs.delete(id)
    return {
      id: ids.next('sjob'),
      kind,
      status: 'running',
      upstream,
      pull: null,
      push: null,
      notes: [],
      error: null,
      started_at: isoAt(clock.now()),
      finished_at: null,
    }
  }

  const settle = (job: SyncJob, error: string | undefined) => {
    job.status = error ? 'failed' : 'succeeded'
    job.error = error ?? null
    job.finished_at = isoAt(clock.now())
  }

  const track = (workspaceId: string, job: SyncJob, run: () => Promise<string | undefined>) => {
    const done = run().then(
      (error) => settle(job, error),
      (err: unknown) => settle(job, err instanceof AppError ? err.detail : (err as Error).message),
    )
    jobs.set(job.id, { workspaceId, job, done })
    return { ...job }
  }

  return {
    /** Starts a pull; answers at once with the running job. */
    startPull(workspaceId: string, input: StartPull): SyncJob {
      const job = begin(workspaceId, 'pull', input.from)
      return track(workspaceId, job, async () => {
        const summary = await sync.pull({
          workspaceId,
          baseUrl: input.from,
          apiKey: input.key,
          onProgress: (p) => {
            job.pull = {
              ...(job.pull ?? {}),
              [p.resource]: { added: p.added, skipped: p.skipped },
            } as SyncJob['pull']
          },
        })
        job.pull = summary.resources
        job.notes = summary.notes
        return summary.error
      })
    },
    /** Starts a push; answers at once with the running job. */
    startPush(workspaceId: string, input: StartPush): SyncJob {
      const job = begin(workspaceId, 'push', input.to)
      return track(workspaceId, job, async () => {
        const summary = await sync.push({
          workspaceId,
          baseUrl: input.to,
          ...(input.to_workspace && { upstreamWorkspace: input.to_workspace }),
          onProgress: (p) => {
            job.push = { pushed: p.pushed, failed: p.failed, total: p.total }
          },
        })
        job.notes = summary.failed.map((f) => `${f.event_id} refused: ${f.status ?? f.error}`)
        return (
          summary.error ??
          (summary.failed.length
            ? `${summary.failed.length} webhooks were refused by the upstream; they will be tried again on the next push.`
            : undefined)
        )
      })
    },
    /** A job of the workspace (a snapshot of its progress). */
    get(workspaceId: string, id: string): SyncJob {
      const entry = jobs.get(id)
      if (!entry || entry.workspaceId !== workspaceId) throw notFound('Sync job', id)
      return { ...entry.job }
    },
    /** Resolves when the job has finished (for tests and shutdown). */
    settled: (id: string): Promise<void> => jobs.get(id)?.done ?? Promise.resolve(),
  }
}
export type SyncJobs = ReturnType<typeof createSyncJobs>
