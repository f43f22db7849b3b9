import { fake, type SampleBuilder } from '../../triggers/samples/sample.js'
import { channel, type SlackMessage } from './representations.js'
import { type SlackEvent, slackEventCallback, slackUrlVerification } from './webhooks.js'

/**
 * A sample Slack event in `team`. `message` and `channel_created` are built by the simulated
 * Slack's own builders (webhooks.ts), so a triggered event and a simulated one
 * look alike; the other types are Slack's documented shapes inside the same envelope.
 */
function sampleEvent(type: string, nowMs: number, team: string): SlackEvent {
  const user = fake.upper('U', 10)
  const channelId = fake.upper('C', 10)
  const ts = `${fake.seconds(nowMs)}.${String(fake.number(6))}`
  const message: SlackMessage = { type: 'message', user, text: 'Hello from Switchyard :wave:', ts, team }
  switch (type) {
    case 'message':
      return { type, message, channel: channelId }
    case 'channel_created':
      return {
        type,
        channel: channel({
          id: channelId,
          name: 'webhooks',
          is_private: false,
          createdMs: nowMs,
          creator: user,
          team,
          members: 1,
        }),
        ts,
      }
    case 'app_mention':
      return {
        type,
        event: { type, channel: channelId, user, text: '<@U0SWITCHYD> deploy please', ts, event_ts: ts },
      }
    case 'reaction_added':
      return {
        type,
        event: {
          type,
          user,
          reaction: 'tada',
          item: { type: 'message', channel: channelId, ts },
          event_ts: ts,
        },
      }
    case 'team_join':
      return {
        type,
        event: { type, user: { id: user, name: 'jenny', real_name: 'Jenny Rosen' }, event_ts: ts },
      }
    default:
      return { type, event: { type, user, channel: channelId, event_ts: ts } }
  }
}

/** Slack Events API: an `event_callback` envelope around the event (or the `url_verification` challenge). */
export const slackSample: SampleBuilder = ({ type, nowMs }) => {
  const token = fake.id('verification', 16)
  if (type === 'url_verification') return slackUrlVerification(token, fake.id('challenge', 32))
  const team = fake.upper('T', 10)
  return slackEventCallback(sampleEvent(type, nowMs, team), {
    teamId: team,
    appId: fake.upper('A', 10),
    userId: fake.upper('U', 10),
    token,
    nowMs,
  })
}
