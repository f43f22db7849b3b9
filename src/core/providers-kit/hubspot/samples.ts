import { fake, type SampleBuilder } from '../../triggers/samples/sample.js'
import { HUBSPOT_EVENT_TYPES, type HubspotEventType, hubspotWebhook } from './webhooks.js'

const PROPERTY_CHANGES: Record<string, { propertyName: string; propertyValue: string }> = {
  'contact.propertyChange': { propertyName: 'lifecyclestage', propertyValue: 'customer' },
  'company.propertyChange': { propertyName: 'industry', propertyValue: 'COMPUTER_SOFTWARE' },
}

/**
 * HubSpot: a batch (a JSON array) with one event of the type, from the simulated HubSpot's own
 * payload builder, so a triggered `contact.creation` and a simulated one look alike.
 */
export const hubspotSample: SampleBuilder = ({ type, nowMs }) => {
  const subscriptionType = (HUBSPOT_EVENT_TYPES as readonly string[]).includes(type)
    ? (type as HubspotEventType)
    : 'contact.creation'
  const app = {
    portalId: fake.number(8),
    appId: fake.number(7),
    subscriptionIds: { [subscriptionType]: fake.number(7) },
  }
  return hubspotWebhook(app, [
    {
      eventId: fake.number(9),
      subscriptionType,
      objectId: fake.number(11),
      occurredAt: nowMs,
      ...PROPERTY_CHANGES[subscriptionType],
    },
  ])
}
