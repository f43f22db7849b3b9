import { z } from 'zod'

/** Webhook bodies up to this size are captured; larger ones get 413 and nothing is stored. */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024

export const CaptureResponseSchema = z.object({ id: z.string().meta({ example: 'evt_4f9Qm2…' }) }).meta({
  id: 'WebhookCaptured',
  description: 'The id of the stored event; sent only after it is committed.',
})

/** One inbound request as the transport saw it. */
export interface IncomingWebhook {
  workspaceId: string
  /** The `{provider}` path segment, as sent. */
  provider: string
  method: string
  path: string
  /** The raw query string, without `?`. */
  query: string
  /** Every header in arrival order, names as sent. */
  headers: Array<[string, string]>
  body: Buffer
  /** Set by `POST /api/events/trigger`: the capture is marked as a generated sample. */
  triggered?: boolean
}
