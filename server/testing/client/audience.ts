/** The audience as the web UI's Lists and Subscriber pages show it; the actions run as the API's do. */
import type {
  EmailListDetail,
  EmailListOverview,
  ListSubscriberQuery,
  SubscriberAction,
  SubscriberDetail,
  SubscriberWithStatus,
} from '../wire/audience.js';
import type { MailcoachPage } from '../wire/records.js';
import type { EmailListChoice } from '../wire/webhooks.js';
import { segment, type Transport } from './transport.js';

export function audienceApi(t: Transport) {
  const detail = async (method: string, path: string, tags?: string[]): Promise<SubscriberDetail> =>
    (await t.json<{ data: SubscriberDetail }>(method, path, tags === undefined ? {} : { json: { tags } })).data;

  return {
    /** The workspace's email lists, by name: what a webhook configuration can be limited to. */
    emailLists: async (): Promise<Array<EmailListChoice & EmailListOverview>> =>
      (await t.json<{ data: Array<EmailListChoice & EmailListOverview> }>('GET', '/email-lists')).data,
    /** One list with its subscribers counted by status, its tags and segments (with counts) and its imports. */
    emailListDetail: async (uuid: string): Promise<EmailListDetail> =>
      (await t.json<{ data: EmailListDetail }>('GET', `/email-lists/${segment(uuid)}`)).data,
    /** A list's subscribers as GET /api/email-lists/{uuid}/subscribers pages them (same filters), each with its status. */
    listSubscribers: (uuid: string, query: ListSubscriberQuery = {}): Promise<MailcoachPage<SubscriberWithStatus>> =>
      t.json('GET', `/email-lists/${segment(uuid)}/subscribers`, {
        query: {
          'filter[email]': query.email,
          'filter[search]': query.search,
          'filter[status]': query.status,
          'filter[tags]': query.tags?.join(','),
          'filter[tagType]': query.tagType,
          sort: query.sort,
          page: query.page,
        },
      }),
    subscriberDetail: (uuid: string): Promise<SubscriberDetail> => detail('GET', `/subscribers/${segment(uuid)}`),
    /** Confirm, unsubscribe, resubscribe or resend the confirmation mail; a 422 EmulatorApiError when the status does not allow it. */
    subscriberAction: (uuid: string, action: SubscriberAction): Promise<SubscriberDetail> =>
      detail('POST', `/subscribers/${segment(uuid)}/${action}`),
    addSubscriberTags: (uuid: string, tags: string[]): Promise<SubscriberDetail> =>
      detail('POST', `/subscribers/${segment(uuid)}/tags`, tags),
    removeSubscriberTags: (uuid: string, tags: string[]): Promise<SubscriberDetail> =>
      detail('DELETE', `/subscribers/${segment(uuid)}/tags`, tags),
    /** Deletes the subscriber (its Sends go with it), as DELETE /api/subscribers/{uuid}. */
    deleteSubscriber: (uuid: string): Promise<void> => t.done('DELETE', `/subscribers/${segment(uuid)}`),
  };
}
