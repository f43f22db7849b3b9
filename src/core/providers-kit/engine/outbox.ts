import type { Sample } from '../../triggers/samples/sample.js'

/**
 * One queue for the whole process: webhooks leave in the order their calls changed state. Each
 * batch waits a macrotask, so the call's answer is on its way first.
 */
export function createOutbox(
  deliver: (workspaceId: string, provider: string, sample: Sample, host: string) => Promise<unknown>,
) {
  let outbox: Promise<void> = Promise.resolve()
  let closed = false
  return {
    send(workspaceId: string, provider: string, samples: Sample[], origin: string) {
      const host = new URL(origin).host
      if (samples.length === 0 || closed) return
      outbox = outbox
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(async () => {
          for (const sample of samples) {
            try {
              await deliver(workspaceId, provider, sample, host)
            } catch {
              // The workspace or provider went away (reset) between the call and its webhook.
            }
          }
        })
    },
    /** Takes no more webhooks and resolves once those already queued have been captured. */
    close(): Promise<void> {
      closed = true
      return outbox
    },
    settled: (): Promise<void> => outbox,
  }
}
