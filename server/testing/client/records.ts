/** The records the web UI lists: suppressions, the transactional log, sends, campaigns, campaign templates, automations. */
import type {
  AutomationRecord,
  CampaignAudience,
  CampaignDetail,
  CampaignPreview,
  CampaignRecord,
  CampaignTemplatePreview,
  CampaignTemplateRecord,
} from '../wire/campaigns.js';
import type {
  LogItemQuery,
  LogItemWithLinks,
  MailcoachPage,
  MailcoachPageLink,
  SendQuery,
  SendWithState,
  SuppressionWithOrigin,
  SuppressionQuery,
} from '../wire/records.js';
import { readBody, segment, type Transport } from './transport.js';

export function recordsApi(t: Transport) {
  return {
    /**
     * Adds a manual suppression as POST /api/suppressions does, without an API token: the row, and whether this call
     * created it (201) or the address was suppressed already (200: it keeps its row, reason and time).
     */
    addSuppression: async (email: string): Promise<{ suppression: SuppressionWithOrigin; created: boolean }> => {
      const response = await t.ok(await t.call('POST', '/suppressions', { json: { email } }), 'POST', '/suppressions');
      const suppression = (await readBody(response)) as SuppressionWithOrigin;
      return { suppression, created: response.status === 201 };
    },
    /** Deletes a suppression (by uuid or email) under the API's spam-complaint rule (a 403 EmulatorApiError). */
    deleteSuppression: (uuidOrEmail: string): Promise<void> =>
      t.done('DELETE', `/suppressions/${segment(uuidOrEmail)}`),
    /** The Mailcoach suppressions list (same filters, sort and pages), each row with why the emulator holds it. */
    suppressions: (query: SuppressionQuery = {}): Promise<MailcoachPage<SuppressionWithOrigin>> =>
      t.json('GET', '/suppressions', {
        query: { 'filter[search]': query.search, 'filter[reason]': query.reason, sort: query.sort, page: query.page },
      }),
    /** The transactional mail log (GET /api/transactional-mails's answer), each item with its message and Send. */
    logItems: (query: LogItemQuery = {}): Promise<MailcoachPage<LogItemWithLinks>> =>
      t.json('GET', '/log-items', {
        query: {
          'filter[search]': query.search,
          'filter[transport_message_id]': query.transportMessageId,
          sort: query.sort,
          page: query.page,
        },
      }),
    logItem: async (uuid: string): Promise<LogItemWithLinks> =>
      (await t.json<{ data: LogItemWithLinks }>('GET', `/log-items/${segment(uuid)}`)).data,
    /** Resends a log item (a fresh copy is captured); answers the copy's message uuid, null for a fake log item. */
    resendLogItem: async (uuid: string): Promise<string | null> =>
      (await t.json<{ message_uuid: string | null }>('POST', `/log-items/${segment(uuid)}/resend`)).message_uuid,
    /** The Mailcoach sends list (same filters, sort and pages, and filter[email]), each send with its state, feedback, recipient and subject. */
    sends: (query: SendQuery = {}): Promise<MailcoachPage<SendWithState> & { meta: { links: MailcoachPageLink[] } }> =>
      t.json('GET', '/sends', {
        query: {
          'filter[campaign_uuid]': query.campaignUuid,
          'filter[automation_mail_uuid]': query.automationMailUuid,
          'filter[transactional_mail_log_item_uuid]': query.logItemUuid,
          'filter[subscriber_uuid]': query.subscriberUuid,
          'filter[email]': query.email,
          sort: query.sort,
          page: query.page,
        },
      }),

    /** The web UI's campaigns: each with its list and counts, newest first. */
    campaignRecords: async (): Promise<CampaignRecord[]> =>
      (await t.json<{ data: CampaignRecord[] }>('GET', '/campaigns')).data,
    campaignRecord: (uuid: string): Promise<CampaignDetail> => t.json('GET', `/campaigns/${segment(uuid)}`),
    /** The campaign as a subscriber of its list gets it (the send's own render); without one, as its first subscriber. */
    campaignPreview: (uuid: string, subscriberUuid?: string): Promise<CampaignPreview> =>
      t.json('GET', `/campaigns/${segment(uuid)}/preview`, { query: { subscriber: subscriberUuid } }),
    /** The subscribers a send of the campaign reaches (its segment) whose email or name contains `search`: the first 50. */
    campaignAudience: (uuid: string, search = ''): Promise<CampaignAudience> =>
      t.json('GET', `/campaigns/${segment(uuid)}/audience`, { query: { search: search === '' ? undefined : search } }),
    /** POST /api/campaigns/{uuid}/send-test's action without a token: `email` is 1 to 10 comma-separated addresses. */
    sendCampaignTest: (uuid: string, email: string): Promise<void> =>
      t.done('POST', `/campaigns/${segment(uuid)}/send-test`, { json: { email } }),
    /** POST /api/campaigns/{uuid}/send's action without a token: delivery follows right after. */
    sendCampaign: (uuid: string): Promise<void> => t.done('POST', `/campaigns/${segment(uuid)}/send`),
    /** The workspace's campaign templates with their fields, by name. */
    campaignTemplateRecords: async (): Promise<CampaignTemplateRecord[]> =>
      (await t.json<{ data: CampaignTemplateRecord[] }>('GET', '/campaign-templates')).data,
    /** A campaign template rendered as a campaign with these field values would be (none: the template as stored). */
    campaignTemplatePreview: (uuid: string, fields?: Record<string, string>): Promise<CampaignTemplatePreview> =>
      t.json('GET', `/campaign-templates/${segment(uuid)}/preview`, {
        query: { fields: fields === undefined ? undefined : JSON.stringify(fields) },
      }),
    /** The workspace's automations (from fixtures) with every trigger recorded. */
    automationRecords: async (): Promise<AutomationRecord[]> =>
      (await t.json<{ data: AutomationRecord[] }>('GET', '/automations')).data,
  };
}
