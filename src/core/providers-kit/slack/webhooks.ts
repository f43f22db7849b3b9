import type { Sample } from '../../triggers/samples/sample.js'
import { randomSimulationIds, type SimulationIds } from '../kit/ids.js'
import { type SlackChannel, type SlackMessage, slackId } from './representations.js'

/**
 * Slack's Events API deliveries: the `event_callback` envelope and the events the simulation
 * emits, built from the same objects its Web API answers with. `switchyard trigger slack message`
 * builds its samples here too, so a triggered event and a simulated one look alike. The signature
 * headers (`X-Slack-Signature`, `X-Slack-Request-Timestamp`) are added where every webhook is
 * signed (the triggers' send path), with the provider config's secret.
 */

/** Who the delivery is for: the workspace, the app and the user whose authorization it uses. */
export interface SlackEnvelope {
  teamId: string
  appId: string
  userId: string
  /** The app's (legacy) verification token. */
  token: string
  nowMs: number
  ids?: SimulationIds
}

export type SlackEvent =
  | { type: 'message'; message: SlackMessage; channel: string }
  | {
      type: 'message_changed'
      message: SlackMessage
      previous: SlackMessage
      channel: string
      /** The ts of the change (the edit). */
      ts: string
    }
  | { type: 'channel_created'; channel: SlackChannel; ts: string }
  | { type: string; event: Record<string, unknown> }

const USER_AGENT = 'Slackbot 1.0 (+https://api.slack.com/robots)'

/** The inner `event` object, as Slack documents it for each type. */
function eventBody(e: SlackEvent): Record<string, unknown> {
  if ('event' in e) return e.event
  switch (e.type) {
    case 'message':
      return { ...e.message, channel: e.channel, event_ts: e.message.ts, channel_type: 'channel' }
    case 'message_changed':
      return {
        type: 'message',
        subtype: 'message_changed',
        message: e.message,
        previous_message: e.previous,
        channel: e.channel,
        hidden: true,
        ts: e.ts,
        event_ts: e.ts,
        channel_type: 'channel',
      }
    default: {
      const { channel: c, ts } = e as Extract<SlackEvent, { type: 'channel_created' }>
      return {
        type: 'channel_created',
        channel: {
          id: c.id,
          is_channel: true,
          name: c.name,
          name_normalized: c.name_normalized,
          created: c.created,
          creator: c.creator,
          is_shared: false,
          is_org_shared: false,
          context_team_id: c.context_team_id,
        },
        event_ts: ts,
      }
    }
  }
}

/** One Events API delivery: the `event_callback` envelope around the event, with Slack's headers. */
export function slackEventCallback(e: SlackEvent, to: SlackEnvelope): Sample {
  const eventTime = Math.floor(to.nowMs / 1000)
  const event = eventBody(e)
  return {
    body: {
      token: to.token,
      team_id: to.teamId,
      context_team_id: to.teamId,
      context_enterprise_id: null,
      api_app_id: to.appId,
      event,
      type: 'event_callback',
      event_id: slackId('Ev', `${to.teamId}:${(to.ids ?? randomSimulationIds).hex(8)}`),
      event_time: eventTime,
      authorizations: [
        {
          enterprise_id: null,
          team_id: to.teamId,
          user_id: to.userId,
          is_bot: false,
          is_enterprise_install: false,
        },
      ],
      is_ext_shared_channel: false,
      event_context: `4-${Buffer.from(JSON.stringify({ et: event.type, tid: to.teamId, aid: to.appId })).toString('base64url')}`,
    },
    headers: { 'User-Agent': USER_AGENT },
  }
}

/** The `url_verification` handshake Slack sends when an app's Request URL is set. */
export const slackUrlVerification = (token: string, challenge: string): Sample => ({
  body: { token, challenge, type: 'url_verification' },
  headers: { 'User-Agent': USER_AGENT },
})

/** The Events API types `switchyard trigger slack` builds. */
export const SLACK_EVENT_TYPES = [
  'message',
  'app_mention',
  'reaction_added',
  'team_join',
  'channel_created',
  'url_verification',
] as const

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** Slack's Events API wraps the real event in an `event_callback` envelope: its type is inside. */
export const slackEventType = (body: unknown): unknown => {
  const envelope = record(body)
  return envelope?.type === 'event_callback' ? record(envelope.event)?.type : undefined
}
