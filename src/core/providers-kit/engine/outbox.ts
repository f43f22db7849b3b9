import type { Sample } from '../../triggers/samples/sample.js'
import { postToLoopback } from './outbound.js'

/** The simulated connection (and its tenant) a webhook is captured for, as the event log files it. */
export type WebhookAttribution = { connection_id: string; tenant_id: string }

/** Signs and captures one webhook, as posted to the capture URL on `host`. */
export type DeliverWebhook = (
  workspaceId: string,
  provider: string,
  sample: Sample,
  host: string,
  attribution?: WebhookAttribution,
) => Promise<unknown>

/**
 * One queue for the whole process: webhooks leave in the order their calls changed state. Each
 * batch waits a macrotask, so the call's answer is on its way first.
 */
/** How long a provider's own POST to its subscriber (a Graph notification) may take. */
const DIRECT_TIMEOUT_MS = 10_000

/** A sample the provider posts itself (`to`): sent as is; any answer or none is the receiver's business. */
const postDirect = (sample: Sample & { to: string }) =>
  postToLoopback(
    sample.to,
    JSON.stringify(sample.body),
    { 'content-type': sample.contentType ?? 'application/json', ...sample.headers },
    DIRECT_TIMEOUT_MS,
  )

export function createOutbox(deliver: DeliverWebhook) {
  let outbox: Promise<void> = Promise.resolve()
  let closed = false
  /**
   * Direct posts, chained per URL: in order for each receiver, and a receiver that hangs (up to the
   * timeout) delays only its own, not the captured webhooks or other receivers.
   */
  const direct = new Map<string, Promise<void>>()
  const queueDirect = (sample: Sample & { to: string }) => {
    const next = (direct.get(sample.to) ?? Promise.resolve()).then(async () => {
      await postDirect(sample)
    })
    direct.set(sample.to, next)
    void next.then(() => {
      if (direct.get(sample.to) === next) direct.delete(sample.to)
    })
  }
  const settled = () => outbox.then(() => Promise.all(direct.values())).then(() => undefined)
  return {
    send(
      workspaceId: string,
      provider: string,
      samples: Sample[],
      origin: string,
      attribution?: WebhookAttribution,
    ) {
      const host = new URL(origin).host
      if (samples.length === 0 || closed) return
      outbox = outbox
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(async () => {
          for (const sample of samples) {
            try {
              if (sample.to) queueDirect({ ...sample, to: sample.to })
              else await deliver(workspaceId, provider, sample, host, attribution)
            } catch {
              // The workspace or provider went away (reset) between the call and its webhook.
            }
          }
        })
    },
    /** Takes no more webhooks and resolves once those already queued have been captured. */
    close(): Promise<void> {
      closed = true
      return settled()
    },
    settled,
  }
}
