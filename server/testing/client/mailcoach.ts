/** A few helpers for the Mailcoach API (`/api`) the app under test talks to, and waiting for a campaign's delivery. */
import type { Subscribe } from '../read-until.js';
import { waitForCampaignSent } from '../wait-for-campaign.js';
import type { EmailList, EmailListInput, SubscribeInput, Subscriber } from '../wire/audience.js';
import type { Campaign } from '../wire/campaigns.js';
import type { Send, Suppression, TransactionalMailRequest } from '../wire/records.js';
import { DEFAULT_WAIT_MS } from './messages.js';
import { segment, type Transport } from './transport.js';

export interface WaitForCampaignOptions {
  /** How long to wait for the campaign to read `sent`; default 4000 ms, as the other waits. */
  timeoutMs?: number;
}

export function mailcoachApi(t: Transport, subscribe: Subscribe) {
  const readCampaign = async (uuid: string): Promise<Campaign> =>
    (await t.mailcoachOk<{ data: Campaign }>('GET', `/campaigns/${segment(uuid)}`)).body.data;

  return {
    /** The Mailcoach API (`/api`), with the client's token and `Accept: application/json`. */
    mailcoach: {
      /** Any request; never throws on a status. */
      request: t.mailcoachRequest,
      /** `POST /api/transactional-mails/send`; answers the log item uuid (null when `store` is false). Throws MailcoachApiError on an error status. */
      sendTransactional: async (body: TransactionalMailRequest): Promise<{ uuid: string | null }> => {
        const response = await t.mailcoachOk<{ uuid?: string } | null>('POST', '/transactional-mails/send', body);
        return { uuid: response.body?.uuid ?? null };
      },
      send: async (uuid: string): Promise<Send> =>
        (await t.mailcoachOk<{ data: Send }>('GET', `/sends/${segment(uuid)}`)).body.data,
      addSuppression: async (email: string): Promise<Suppression> =>
        (await t.mailcoachOk<{ data: Suppression }>('POST', '/suppressions', { email })).body.data,
      /** `DELETE /api/suppressions/{uuid or email}`; throws MailcoachApiError (a 403 for a spam complaint). */
      deleteSuppression: async (uuidOrEmail: string): Promise<void> => {
        await t.mailcoachOk('DELETE', `/suppressions/${segment(uuidOrEmail)}`);
      },
      /** `POST /api/email-lists`; answers the list. Throws MailcoachApiError on an error status (a 422 names the fields). */
      createEmailList: async (input: EmailListInput): Promise<EmailList> =>
        (await t.mailcoachOk<{ data: EmailList }>('POST', '/email-lists', input)).body.data,
      emailList: async (uuid: string): Promise<EmailList> =>
        (await t.mailcoachOk<{ data: EmailList }>('GET', `/email-lists/${segment(uuid)}`)).body.data,
      /** Subscribes (or updates: the API upserts by email) an address; answers the subscriber. */
      subscribe: async (listUuid: string, input: SubscribeInput): Promise<Subscriber> =>
        (await t.mailcoachOk<{ data: Subscriber }>('POST', `/email-lists/${segment(listUuid)}/subscribers`, input)).body
          .data,
      subscriber: async (uuid: string): Promise<Subscriber> =>
        (await t.mailcoachOk<{ data: Subscriber }>('GET', `/subscribers/${segment(uuid)}`)).body.data,
      /** The list's subscriber with this address (any case), or null: what the SDK's `findByEmail` asks. */
      findSubscriber: async (listUuid: string, email: string): Promise<Subscriber | null> => {
        const path = `/email-lists/${segment(listUuid)}/subscribers?filter%5Bemail%5D=${segment(email)}`;
        return (await t.mailcoachOk<{ data: Subscriber[] }>('GET', path)).body.data[0] ?? null;
      },
      /** `GET /api/campaigns/{uuid}`. */
      campaign: readCampaign,
    },

    /**
     * Waits until the campaign's status is `sent` and answers it: after `POST /api/campaigns/{uuid}/send` (204) or
     * a scheduled campaign's time, the emulator delivers it a moment later, as Mailcoach's queue does; once this
     * resolves, its Sends are in `/api/sends` and its mails in the inbox. It follows the event stream (no polling,
     * no sleeps). Throws WaitForCampaignSentTimeoutError (with the status it last had) at the timeout, and
     * MailcoachApiError when the campaign cannot be read (a 404).
     */
    waitForCampaignSent: (uuid: string, wait: WaitForCampaignOptions = {}): Promise<Campaign> =>
      waitForCampaignSent({ read: readCampaign, subscribe }, uuid, wait.timeoutMs ?? DEFAULT_WAIT_MS),
  };
}
