/**
 * Mailcoach's webhook payloads (docs/spec/mailcoach-webhooks.md#3-event-catalogue), built from the rows a Mailcoach event carries at the
 * moment it is published (mailcoach-events.ts), with the API's own presenters: SubscriberResource plus
 * `added_tag`/`removed_tag`, `text` and `event` (docs/spec/mailcoach-webhooks.md#31-shared-subscriber-payload-httpapiresourcessubscriberresourcephptoarray-called-directly), CampaignResource with v8's differences (docs/spec/mailcoach-webhooks.md#33-campaignsentevent-domaincampaignactionssendcampaignactionphpmarkcampaignassent-httpapiresourcescampaignresourcephp), and the
 * small hand-made objects of opens, clicks and bounces (docs/spec/mailcoach-webhooks.md#34-contentopenedevent-sendregisteropen-handler-handlecontentopenedevent to docs/spec/mailcoach-webhooks.md#36-bounceregisteredevent--softbounceregisteredevent-sendregisterbounce-handlers-handlesoftbounceregisteredevent). Routed and stored by webhooks/queue.ts.
 */
import type { AppDeps } from '../deps.js';
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import { laravelTimestamp } from '../http/timestamps.js';
import type { MailcoachEvent } from '../mailcoach-events.js';
import { queueWebhookCalls, type WebhookEvent } from '../webhooks/queue.js';
import { emailListResource, subscriberResource } from './resources/audience.js';
import { campaignResource } from './resources/campaign.js';

/** Listens for Mailcoach events and queues their webhook calls; once per deps. */
export function forwardMailcoachEventsToWebhooks(deps: AppDeps): () => void {
  return deps.events.on('mailcoach.event', ({ workspaceId, event }) => {
    const routed = webhookEvent(deps, event);
    if (routed === undefined) return;
    queueWebhookCalls({ ...deps, deliverSoon: deps.webhookDelivery.deliverSoon }, workspaceId, routed);
  });
}

function webhookEvent(deps: AppDeps, event: MailcoachEvent): WebhookEvent | undefined {
  switch (event.type) {
    case 'SubscribedEvent':
    case 'ResubscribedEvent':
    case 'UnconfirmedSubscriberCreatedEvent':
    case 'UnsubscribedEvent':
    case 'TagAddedEvent':
    case 'TagRemovedEvent': {
      const list = listOf(deps, event.subscriber);
      const extra =
        event.type === 'TagAddedEvent'
          ? { added_tag: event.tag }
          : event.type === 'TagRemovedEvent'
            ? { removed_tag: event.tag }
            : {};
      return {
        event: event.type,
        emailListUuid: list.uuid,
        payload: {
          ...subscriberResource(event.subscriber, list.uuid, event.tags),
          ...extra,
          text: subscriberText(event, list),
          event: event.type,
        },
        refs: { subscriberUuid: event.subscriber.uuid, email: event.subscriber.email },
      };
    }
    case 'CampaignSentEvent': {
      const { campaign } = event;
      const list = deps.store.emailLists.findById(campaign.email_list_id as number) as EmailListRow;
      const template =
        campaign.template_id === null ? undefined : deps.store.campaignTemplates.findById(campaign.template_id);
      const resource = campaignResource(campaign, {
        list: emailListResource(list, deps.store.emailLists.activeSubscribersCount(list.id)),
        templateUuid: template?.uuid ?? null,
        counts: event.counts,
      });
      // The payload calls toArray() directly: `template` is `{}` (an unfiltered MissingValue) with a template,
      // null without, where the API omits it (docs/spec/mailcoach-webhooks.md#33-campaignsentevent-domaincampaignactionssendcampaignactionphpmarkcampaignassent-httpapiresourcescampaignresourcephp). Its place is right after template_uuid.
      const { template: _omitted, ...rest } = resource as typeof resource & { template?: null };
      const ordered: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(rest)) {
        ordered[key] = value;
        if (key === 'template_uuid') ordered.template = campaign.template_id === null ? null : {};
      }
      return {
        event: 'CampaignSentEvent',
        emailListUuid: list.uuid,
        payload: {
          ...ordered,
          text: `Campaign ${campaign.name} was sent to email list ${list.name}`,
          event: 'CampaignSentEvent',
        },
        refs: { campaignUuid: campaign.uuid },
      };
    }
    case 'ContentOpenedEvent': {
      const list = deps.store.emailLists.findById(event.campaign.email_list_id as number) as EmailListRow;
      return {
        event: 'ContentOpenedEvent',
        emailListUuid: list.uuid,
        payload: {
          open_uuid: event.openUuid,
          send_uuid: event.send.uuid,
          model_uuid: event.campaign.uuid,
          model_type: 'campaign',
          subscriber_uuid: event.subscriber?.uuid ?? null,
          subscriber_email: event.subscriber?.email ?? null,
          opened_at: laravelTimestamp(event.openedAt),
          event: 'ContentOpenedEvent',
        },
        refs: {
          sendUuid: event.send.uuid,
          campaignUuid: event.campaign.uuid,
          subscriberUuid: event.subscriber?.uuid,
          email: event.subscriber?.email,
        },
      };
    }
    case 'LinkClickedEvent': {
      const list = listOf(deps, event.subscriber);
      return {
        event: 'LinkClickedEvent',
        emailListUuid: list.uuid,
        payload: {
          send_uuid: event.send.uuid,
          click_uuid: event.clickUuid,
          link_uuid: event.linkUuid,
          email_list_uuid: list.uuid,
          subscriber_uuid: event.subscriber.uuid,
          subscriber_email: event.subscriber.email,
          clicked_at: laravelTimestamp(event.clickedAt),
          event: 'LinkClickedEvent',
        },
        refs: sendRefs(event.send.uuid, event.send.campaign_uuid, event.subscriber),
      };
    }
    case 'BounceRegisteredEvent':
    case 'SoftBounceRegisteredEvent': {
      const list = listOf(deps, event.subscriber);
      return {
        event: event.type,
        emailListUuid: list.uuid,
        payload: {
          send_uuid: event.send.uuid,
          subscriber_uuid: event.subscriber.uuid,
          subscriber_email: event.subscriber.email,
          email_list_uuid: list.uuid,
          event: event.type,
        },
        refs: sendRefs(event.send.uuid, event.send.campaign_uuid, event.subscriber),
      };
    }
  }
}

function listOf(deps: AppDeps, subscriber: SubscriberRow): EmailListRow {
  return deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
}

function sendRefs(sendUuid: string, campaignUuid: string | null, subscriber: SubscriberRow): WebhookEvent['refs'] {
  return {
    sendUuid,
    campaignUuid: campaignUuid ?? undefined,
    subscriberUuid: subscriber.uuid,
    email: subscriber.email,
  };
}

/** `__mc(...)`'s English sentences, placeholders replaced by raw values (docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp, docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire). */
function subscriberText(
  event: Extract<MailcoachEvent, { subscriber: SubscriberRow; tags: string[] }>,
  list: EmailListRow,
): string {
  const email = event.subscriber.email;
  switch (event.type) {
    case 'SubscribedEvent':
      return `Email ${email} subscribed to email list ${list.name}`;
    case 'ResubscribedEvent':
      return `Email ${email} resubscribed to email list ${list.name}`;
    case 'UnconfirmedSubscriberCreatedEvent':
      return `Email ${email} was added to email list ${list.name} but is not confirmed yet`;
    case 'UnsubscribedEvent':
      return `Email ${email} unsubscribed from email list ${list.name}`;
    case 'TagAddedEvent':
      return `Tag ${event.tag} was added to subscriber ${email}`;
    case 'TagRemovedEvent':
      return `Tag ${event.tag} was removed from subscriber ${email}`;
  }
}
