/**
 * A typed client for the emulator's own API (`/_emulator`, server/emulator/README.md) and a few helpers for the
 * Mailcoach API it emulates, over the global fetch. It runs anywhere fetch does (Node 20+, Playwright, Deno, Bun)
 * and loads no server code, so it can talk to an emulator started in-process (startEmulator) or to one running
 * elsewhere (`createClient({ url })`).
 *
 * The JSON it reads and sends is typed in wire/ (one module per concern, mirroring server/emulator/README.md and the
 * Mailcoach resources), what it throws in errors.ts, the inbox's search filter in message-filter.ts; all of them are
 * exported from here too, so `mailcoach-emulator/testing` and the web UI import everything from this module.
 */

import { EmulatorApiError, MailcoachApiError, WaitForMessageTimeoutError } from './errors.js';
import { readEventStream } from './event-stream.js';
import { buildQuery, type MessageFilter } from './message-filter.js';
import { waitForCampaignSent } from './wait-for-campaign.js';
import { waitForWebhook, type WaitForWebhookOptions } from './wait-for-webhook.js';
import type {
  EmailList,
  EmailListDetail,
  EmailListInput,
  EmailListOverview,
  ListSubscriberQuery,
  SubscribeInput,
  Subscriber,
  SubscriberAction,
  SubscriberDetail,
  SubscriberWithStatus,
} from './wire/audience.js';
import type { Campaign } from './wire/campaigns.js';
import type {
  ClockState,
  EmulatorEvent,
  EmulatorSettings,
  FaultRule,
  FaultRuleInput,
  FixtureFile,
  FixturesStatus,
  SeedCounts,
} from './wire/controls.js';
import type {
  AutomationRecord,
  CampaignDetail,
  CampaignPreview,
  CampaignRecord,
  CampaignTemplatePreview,
  CampaignTemplateRecord,
} from './wire/campaigns.js';
import type { Message, MessagePage, MessageSummary } from './wire/messages.js';
import type { ChecksReport } from '../checks/report.js';
import type {
  LogItemQuery,
  LogItemWithLinks,
  MailcoachPage,
  MailcoachPageLink,
  Send,
  SendQuery,
  SendWithState,
  Suppression,
  SuppressionOrigin,
  SuppressionQuery,
  TransactionalMailRequest,
} from './wire/records.js';
import type { RenderRequest, StudioTemplate, TemplateInput, TemplateRender, TemplateType } from './wire/templates.js';
import type {
  EmailListChoice,
  WebhookCall,
  WebhookCallFilter,
  WebhookCallPage,
  WebhookConfiguration,
  WebhookConfigurationInput,
  WebhookSinkRequest,
} from './wire/webhooks.js';

// The wire types (one module per concern under wire/), the errors and the search filter, for whoever imports the client.
export * from './errors.js';
export * from './message-filter.js';
export * from './wire/audience.js';
export * from './wire/campaigns.js';
export * from './wire/controls.js';
export * from './wire/messages.js';
export * from './wire/records.js';
export * from './wire/templates.js';
export * from './wire/webhooks.js';
export type { WaitForWebhookOptions, WebhookWaitStatus } from './wait-for-webhook.js';
export type { ChecksReport, CheckIssue } from '../checks/report.js';

export interface SubscribeOptions {
  /** The stream is (again) in place: events from now on arrive. After a reconnect, refetch what may have been missed. */
  onOpen?: () => void;
  /** The stream broke or was refused (an EmulatorApiError for a 401 or 403); it is tried again after `retryMs`. */
  onError?: (error: unknown) => void;
  /** Wait before reconnecting; default 1000 ms. */
  retryMs?: number;
}

/** The double opt-in mail's subject starts so (docs/spec/mailcoach-audience-campaigns.md#210-confirmation-mail-side-effect-domainaudienceactionssubscriberssendconfirmsubscribermailactionphp-domainaudiencemailsconfirmsubscribermailphp). */
const CONFIRMATION_SUBJECT = 'Confirm your subscription';

// ---- The client --------------------------------------------------------------------------------------------

export interface ClientOptions {
  /** The emulator's base URL, e.g. `http://127.0.0.1:8088` (no `/api`, no `/_emulator`). */
  url: string;
  /** The token whose workspace the client works in; without one, the default workspace. */
  token?: string | null;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

/** The client's wait (see WaitOptions.timeoutMs); the emulator's own default, for raw HTTP, is 5000 ms. */
const DEFAULT_WAIT_MS = 4_000;

export interface WaitOptions extends MessageFilter {
  /** Only messages captured after this instant or after the message with this uuid. */
  after?: string | Date;
  /**
   * How long the emulator waits before answering 408: 0 to 120000 ms. Default 4000: under the 5 s default test
   * timeout of Vitest and Jest, so that a missing mail fails the test with WaitForMessageTimeoutError (what did
   * match, the newest mail) rather than the runner's bare timeout.
   */
  timeoutMs?: number;
}

export interface WaitForCampaignOptions {
  /** How long to wait for the campaign to read `sent`; default 4000 ms, as the other waits. */
  timeoutMs?: number;
}

export interface PageOptions {
  page?: number;
  perPage?: number;
}

export interface MailcoachResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON, the text when the answer is not JSON, or null when empty. */
  body: T;
}

export type EmulatorClient = ReturnType<typeof createClient>;

export function createClient(options: ClientOptions) {
  const base = options.url.replace(/\/+$/, '');
  const token = options.token ?? null;
  const doFetch = options.fetch ?? globalThis.fetch;

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    accept: 'application/json',
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    ...extra,
  });

  async function call(
    method: string,
    path: string,
    init: { query?: Record<string, unknown>; json?: unknown } = {},
  ): Promise<Response> {
    const url = `${base}/_emulator${path}${queryString(init.query)}`;
    const response = await doFetch(url, {
      method,
      headers: headers(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    return response;
  }

  async function json<T>(
    method: string,
    path: string,
    init: { query?: Record<string, unknown>; json?: unknown } = {},
  ): Promise<T> {
    const response = await call(method, path, init);
    const body = await readBody(response);
    if (!response.ok) throw new EmulatorApiError(method, path, response.status, body);
    return body as T;
  }

  async function ok(response: Response, method: string, path: string): Promise<Response> {
    if (!response.ok) throw new EmulatorApiError(method, path, response.status, await readBody(response));
    return response;
  }

  const messages = (query: string | MessageFilter = '', page: PageOptions = {}): Promise<MessagePage> =>
    json('GET', '/messages', {
      query: { query: typeof query === 'string' ? query : buildQuery(query), page: page.page, per_page: page.perPage },
    });

  const message = (uuid: string): Promise<Message> => json('GET', `/messages/${encodeURIComponent(uuid)}`);

  async function waitFor(count: number, wait: WaitOptions): Promise<MessageSummary[]> {
    if (!Number.isInteger(count) || count < 1) throw new TypeError('count must be a whole number of at least 1');
    const query = buildQuery(wait);
    const after = wait.after instanceof Date ? wait.after.toISOString() : wait.after;
    const timeoutMs = wait.timeoutMs ?? DEFAULT_WAIT_MS;
    const response = await call('GET', '/wait-for', { query: { query, count, timeout_ms: timeoutMs, after } });
    const body = (await readBody(response)) as { data?: MessageSummary[] } | null;
    if (response.status === 408) {
      const recent = await messages('', { perPage: 5 }).then(
        (page) => page.data,
        () => [],
      );
      throw new WaitForMessageTimeoutError(query, count, timeoutMs, body?.data ?? [], recent);
    }
    if (!response.ok) throw new EmulatorApiError('GET', '/wait-for', response.status, body);
    return body?.data ?? [];
  }

  async function mailcoachRequest<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<MailcoachResponse<T>> {
    const response = await doFetch(`${base}/api${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: (await readBody(response)) as T };
  }

  async function mailcoachOk<T>(method: string, path: string, body?: unknown): Promise<MailcoachResponse<T>> {
    const response = await mailcoachRequest<T>(method, path, body);
    if (response.status >= 300) throw new MailcoachApiError(method, path, response.status, response.body);
    return response;
  }

  const readCampaign = async (uuid: string): Promise<Campaign> =>
    (await mailcoachOk<{ data: Campaign }>('GET', `/campaigns/${encodeURIComponent(uuid)}`)).body.data;

  const webhookCalls = (filter: WebhookCallFilter = {}, page: PageOptions = {}): Promise<WebhookCallPage> =>
    json('GET', '/webhook-calls', {
      query: {
        event: filter.event,
        email: filter.email,
        subscriber_uuid: filter.subscriberUuid,
        send_uuid: filter.sendUuid,
        campaign_uuid: filter.campaignUuid,
        configuration: filter.configuration,
        status: filter.status,
        page: page.page,
        per_page: page.perPage,
      },
    });

  const webhookCall = (uuid: string): Promise<WebhookCall> => json('GET', `/webhook-calls/${encodeURIComponent(uuid)}`);

  const clockCall = (body: Record<string, unknown>): Promise<ClockState> => json('POST', '/clock', { json: body });

  const resourceUrl = (path: string) => `${base}/_emulator${path}${queryString({ token })}`;

  function subscribe(onEvent: (event: EmulatorEvent) => void, { onOpen, onError, retryMs = 1_000 }: SubscribeOptions) {
    const controller = new AbortController();
    const follow = async () => {
      while (!controller.signal.aborted) {
        try {
          const response = await doFetch(`${base}/_emulator/events`, {
            headers: headers({ accept: 'text/event-stream' }),
            signal: controller.signal,
          });
          if (!response.ok || response.body === null)
            throw new EmulatorApiError('GET', '/events', response.status, await readBody(response));
          await readEventStream(
            response.body,
            ({ event, data }) => onEvent({ type: event, ...(data as object) } as EmulatorEvent),
            () => onOpen?.(),
          );
        } catch (error) {
          if (controller.signal.aborted) return;
          onError?.(error);
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    };
    void follow();
    return { close: () => controller.abort() };
  }

  return {
    /** The emulator's base URL. */
    url: base,
    /** The Mailcoach API base URL (`<url>/api`), what an app under test is configured with. */
    apiUrl: `${base}/api`,
    token,

    /** The same client for another token, i.e. (with `--isolate`) another workspace. */
    withToken: (other: string | null) => createClient({ ...options, token: other }),

    /** Captured messages, newest first; `query` is a search string or a filter. */
    messages,
    /** One captured message with its parts, headers, links and codes. */
    message,
    /** Marks a message read (the web inbox does when it is opened) or unread; answers its summary. */
    setRead: (uuid: string, read: boolean): Promise<MessageSummary> =>
      json('PATCH', `/messages/${encodeURIComponent(uuid)}`, { json: { read } }),
    /**
     * URLs of a message's parts, for places that cannot send headers (a frame, a download link): the token goes in
     * the query string.
     */
    urls: {
      html: (uuid: string) => resourceUrl(`/messages/${encodeURIComponent(uuid)}/html`),
      raw: (uuid: string) => resourceUrl(`/messages/${encodeURIComponent(uuid)}/raw`),
      attachment: (uuid: string, index: number) =>
        resourceUrl(`/messages/${encodeURIComponent(uuid)}/attachments/${index}`),
    },
    /** The emulator's settings (isolation, accepted tokens). */
    settings: (): Promise<EmulatorSettings> => json('GET', '/settings'),
    /**
     * Follows `GET /_emulator/events` until closed, reconnecting after a break (call onOpen's refetch then). Works
     * in Node 20+ and browsers (fetch streaming, the token as a header).
     */
    subscribe: (onEvent: (event: EmulatorEvent) => void, subscribeOptions: SubscribeOptions = {}): { close(): void } =>
      subscribe(onEvent, subscribeOptions),
    /** The raw `.eml` as text. */
    raw: async (uuid: string): Promise<string> => {
      const path = `/messages/${encodeURIComponent(uuid)}/raw`;
      return (await ok(await call('GET', path), 'GET', path)).text();
    },
    /** The raw `.eml`, byte for byte. */
    rawBytes: async (uuid: string): Promise<Uint8Array> => {
      const path = `/messages/${encodeURIComponent(uuid)}/raw`;
      return new Uint8Array(await (await ok(await call('GET', path), 'GET', path)).arrayBuffer());
    },
    /** One attachment's bytes and type. */
    attachment: async (uuid: string, index: number): Promise<{ contentType: string; bytes: Uint8Array }> => {
      const path = `/messages/${encodeURIComponent(uuid)}/attachments/${index}`;
      const response = await ok(await call('GET', path), 'GET', path);
      return {
        contentType: response.headers.get('content-type') ?? '',
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },
    /** The message's checks report (README "Mail checks"): compatibility, links, placeholders and headers. */
    checks: (uuid: string): Promise<ChecksReport> => json('GET', `/messages/${encodeURIComponent(uuid)}/checks`),
    /** The checks report of a mail not captured (a studio render): no header checks, links resolved here. */
    checkRender: (mail: { subject: string; html: string | null; text: string | null }): Promise<ChecksReport> =>
      json('POST', '/checks', { json: mail }),
    deleteMessage: async (uuid: string): Promise<void> => {
      const path = `/messages/${encodeURIComponent(uuid)}`;
      await ok(await call('DELETE', path), 'DELETE', path);
    },
    /** Deletes every message matching `query` (every message of the workspace without one); answers how many. */
    deleteMessages: async (query: string | MessageFilter = ''): Promise<number> => {
      const text = typeof query === 'string' ? query : buildQuery(query);
      const body = await json<{ deleted: number }>('DELETE', '/messages', {
        query: { query: text === '' ? undefined : text },
      });
      return body.deleted;
    },

    /**
     * Waits (server-side, no polling) until a message matches and answers it in full. With several matches, the
     * newest. Throws WaitForMessageTimeoutError, listing what matched and the newest messages, at the timeout.
     */
    waitForMessage: async (wait: WaitOptions = {}): Promise<Message> => {
      const [newest] = await waitFor(1, wait);
      if (newest === undefined) throw new EmulatorApiError('GET', '/wait-for', 200, 'no message in the answer');
      return message(newest.uuid);
    },
    /** Waits until `count` messages match; answers them in full, oldest first. */
    waitForMessages: async (count: number, wait: WaitOptions = {}): Promise<Message[]> => {
      const summaries = await waitFor(count, wait);
      return Promise.all(
        summaries
          .slice(0, count)
          .reverse()
          .map((summary) => message(summary.uuid)),
      );
    },

    /** Deletes the workspace's data (mail, sends, log, suppressions, templates) and seeds its fixtures again. */
    reset: async (): Promise<void> => {
      await ok(await call('POST', '/reset'), 'POST', '/reset');
    },
    /** Seeds a fixture file's JSON into the workspace. */
    seed: (fixture: FixtureFile): Promise<SeedCounts> => json('POST', '/seed', { json: fixture }),

    faults: {
      add: (rule: FaultRuleInput): Promise<FaultRule> => json('POST', '/faults', { json: rule }),
      list: async (): Promise<FaultRule[]> => (await json<{ data: FaultRule[] }>('GET', '/faults')).data,
      remove: async (id: number): Promise<void> => {
        const path = `/faults/${id}`;
        await ok(await call('DELETE', path), 'DELETE', path);
      },
      clear: async (): Promise<void> => {
        await ok(await call('DELETE', '/faults'), 'DELETE', '/faults');
      },
    },

    simulate: {
      open: async (sendUuid: string): Promise<Send> =>
        (await json<{ data: Send }>('POST', '/simulate/open', { json: { send_uuid: sendUuid } })).data,
      click: async (sendUuid: string): Promise<Send> =>
        (await json<{ data: Send }>('POST', '/simulate/click', { json: { send_uuid: sendUuid } })).data,
      /** A hard bounce: the address gets a `hard_bounce` suppression (`created` false: it had one already). */
      bounce: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/bounce', target),
      softBounce: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/soft-bounce', target),
      /** A spam complaint: the address gets a `spam_complaint` suppression. */
      complaint: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/complaint', target),
    },

    clock: {
      get: (): Promise<ClockState> => json('GET', '/clock'),
      now: async (): Promise<Date> => new Date((await json<ClockState>('GET', '/clock')).now),
      /** Stops the clock, now or at the given instant (a Date, or an ISO 8601 date-time string). */
      freeze: (at?: Date | string): Promise<ClockState> =>
        clockCall({ freeze: at === undefined ? true : at instanceof Date ? at.toISOString() : at }),
      advance: (ms: number): Promise<ClockState> => clockCall({ advance_ms: ms }),
      resume: (): Promise<ClockState> => clockCall({ resume: true }),
      /** Back to the clock the emulator started with (the system time, or --clock's): not frozen, nothing advanced. */
      reset: (): Promise<ClockState> => clockCall({ reset: true }),
    },

    /** Transactional mail templates of the workspace, as the studio edits them (the Mailcoach API only reads them). */
    templates: {
      list: async (): Promise<StudioTemplate[]> => (await json<{ data: StudioTemplate[] }>('GET', '/templates')).data,
      /** By name, or uuid. */
      get: (nameOrUuid: string): Promise<StudioTemplate> => json('GET', `/templates/${encodeURIComponent(nameOrUuid)}`),
      create: (input: TemplateInput & { name: string; type: TemplateType }): Promise<StudioTemplate> =>
        json('POST', '/templates', { json: input }),
      update: (nameOrUuid: string, input: TemplateInput): Promise<StudioTemplate> =>
        json('PATCH', `/templates/${encodeURIComponent(nameOrUuid)}`, { json: input }),
      remove: async (nameOrUuid: string): Promise<void> => {
        const path = `/templates/${encodeURIComponent(nameOrUuid)}`;
        await ok(await call('DELETE', path), 'DELETE', path);
      },
      /** Renders as a send with these replacements would; a template with errors still answers (see `errors`). */
      render: (nameOrUuid: string, request: RenderRequest = {}): Promise<TemplateRender> =>
        json('POST', `/templates/${encodeURIComponent(nameOrUuid)}/render`, { json: request }),
    },
    /** Where the fixtures come from, whether `--watch` follows them, and the last reload's problems. */
    fixtures: (): Promise<FixturesStatus> => json('GET', '/fixtures'),
    /**
     * Adds a manual suppression as POST /api/suppressions does, without an API token: the row, and whether this call
     * created it (201) or the address was suppressed already (200: it keeps its row, reason and time).
     */
    addSuppression: async (
      email: string,
    ): Promise<{ suppression: Suppression & { origin: SuppressionOrigin | null }; created: boolean }> => {
      const response = await ok(await call('POST', '/suppressions', { json: { email } }), 'POST', '/suppressions');
      const suppression = (await readBody(response)) as Suppression & { origin: SuppressionOrigin | null };
      return { suppression, created: response.status === 201 };
    },
    /** Deletes a suppression (by uuid or email) under the API's spam-complaint rule (a 403 EmulatorApiError). */
    deleteSuppression: async (uuidOrEmail: string): Promise<void> => {
      const path = `/suppressions/${encodeURIComponent(uuidOrEmail)}`;
      await ok(await call('DELETE', path), 'DELETE', path);
    },
    /** The transactional mail log (GET /api/transactional-mails's answer), each item with its message and Send. */
    logItems: (query: LogItemQuery = {}): Promise<MailcoachPage<LogItemWithLinks>> =>
      json('GET', '/log-items', {
        query: {
          'filter[search]': query.search,
          'filter[transport_message_id]': query.transportMessageId,
          sort: query.sort,
          page: query.page,
        },
      }),
    logItem: async (uuid: string): Promise<LogItemWithLinks> =>
      (await json<{ data: LogItemWithLinks }>('GET', `/log-items/${encodeURIComponent(uuid)}`)).data,
    /** Resends a log item (a fresh copy is captured); answers the copy's message uuid, null for a fake log item. */
    resendLogItem: async (uuid: string): Promise<string | null> =>
      (await json<{ message_uuid: string | null }>('POST', `/log-items/${encodeURIComponent(uuid)}/resend`))
        .message_uuid,
    /** The Mailcoach sends list (same filters, sort and pages, and filter[email]), each send with its state, feedback, recipient and subject. */
    sends: (query: SendQuery = {}): Promise<MailcoachPage<SendWithState> & { meta: { links: MailcoachPageLink[] } }> =>
      json('GET', '/sends', {
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
    /** The Mailcoach suppressions list (same filters, sort and pages), each row with why the emulator holds it. */
    suppressions: (
      query: SuppressionQuery = {},
    ): Promise<MailcoachPage<Suppression & { origin: SuppressionOrigin | null }>> =>
      json('GET', '/suppressions', {
        query: { 'filter[search]': query.search, 'filter[reason]': query.reason, sort: query.sort, page: query.page },
      }),

    /** The web UI's campaigns: each with its list and counts, newest first. */
    campaignRecords: async (): Promise<CampaignRecord[]> =>
      (await json<{ data: CampaignRecord[] }>('GET', '/campaigns')).data,
    campaignRecord: (uuid: string): Promise<CampaignDetail> => json('GET', `/campaigns/${encodeURIComponent(uuid)}`),
    /** The campaign as a subscriber of its list gets it (the send's own render); without one, as its first subscriber. */
    campaignPreview: (uuid: string, subscriberUuid?: string): Promise<CampaignPreview> =>
      json('GET', `/campaigns/${encodeURIComponent(uuid)}/preview`, { query: { subscriber: subscriberUuid } }),
    /** POST /api/campaigns/{uuid}/send-test's action without a token: `email` is 1 to 10 comma-separated addresses. */
    sendCampaignTest: async (uuid: string, email: string): Promise<void> => {
      const path = `/campaigns/${encodeURIComponent(uuid)}/send-test`;
      await ok(await call('POST', path, { json: { email } }), 'POST', path);
    },
    /** POST /api/campaigns/{uuid}/send's action without a token: delivery follows right after. */
    sendCampaign: async (uuid: string): Promise<void> => {
      const path = `/campaigns/${encodeURIComponent(uuid)}/send`;
      await ok(await call('POST', path), 'POST', path);
    },
    /** The workspace's campaign templates with their fields, by name. */
    campaignTemplateRecords: async (): Promise<CampaignTemplateRecord[]> =>
      (await json<{ data: CampaignTemplateRecord[] }>('GET', '/campaign-templates')).data,
    /** A campaign template rendered as a campaign with these field values would be (none: the template as stored). */
    campaignTemplatePreview: (uuid: string, fields?: Record<string, string>): Promise<CampaignTemplatePreview> =>
      json('GET', `/campaign-templates/${encodeURIComponent(uuid)}/preview`, {
        query: { fields: fields === undefined ? undefined : JSON.stringify(fields) },
      }),
    /** The workspace's automations (from fixtures) with every trigger recorded. */
    automationRecords: async (): Promise<AutomationRecord[]> =>
      (await json<{ data: AutomationRecord[] }>('GET', '/automations')).data,

    /** The workspace's email lists, by name: what a webhook configuration can be limited to. */
    emailLists: async (): Promise<Array<EmailListChoice & EmailListOverview>> =>
      (await json<{ data: Array<EmailListChoice & EmailListOverview> }>('GET', '/email-lists')).data,

    // The audience as the web UI's Lists and Subscriber pages show it; the actions run as the API's do.
    /** One list with its subscribers counted by status, its tags and segments (with counts) and its imports. */
    emailListDetail: async (uuid: string): Promise<EmailListDetail> =>
      (await json<{ data: EmailListDetail }>('GET', `/email-lists/${encodeURIComponent(uuid)}`)).data,
    /** A list's subscribers as GET /api/email-lists/{uuid}/subscribers pages them (same filters), each with its status. */
    listSubscribers: (uuid: string, query: ListSubscriberQuery = {}): Promise<MailcoachPage<SubscriberWithStatus>> =>
      json('GET', `/email-lists/${encodeURIComponent(uuid)}/subscribers`, {
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
    subscriberDetail: async (uuid: string): Promise<SubscriberDetail> =>
      (await json<{ data: SubscriberDetail }>('GET', `/subscribers/${encodeURIComponent(uuid)}`)).data,
    /** Confirm, unsubscribe, resubscribe or resend the confirmation mail; a 422 EmulatorApiError when the status does not allow it. */
    subscriberAction: async (uuid: string, action: SubscriberAction): Promise<SubscriberDetail> =>
      (await json<{ data: SubscriberDetail }>('POST', `/subscribers/${encodeURIComponent(uuid)}/${action}`)).data,
    addSubscriberTags: async (uuid: string, tags: string[]): Promise<SubscriberDetail> =>
      (
        await json<{ data: SubscriberDetail }>('POST', `/subscribers/${encodeURIComponent(uuid)}/tags`, {
          json: { tags },
        })
      ).data,
    removeSubscriberTags: async (uuid: string, tags: string[]): Promise<SubscriberDetail> =>
      (
        await json<{ data: SubscriberDetail }>('DELETE', `/subscribers/${encodeURIComponent(uuid)}/tags`, {
          json: { tags },
        })
      ).data,
    /** Deletes the subscriber (its Sends go with it), as DELETE /api/subscribers/{uuid}. */
    deleteSubscriber: async (uuid: string): Promise<void> => {
      const path = `/subscribers/${encodeURIComponent(uuid)}`;
      await ok(await call('DELETE', path), 'DELETE', path);
    },

    /** The workspace's webhook configurations (Mailcoach's outgoing webhooks), oldest first. */
    webhooks: async (): Promise<WebhookConfiguration[]> =>
      (await json<{ data: WebhookConfiguration[] }>('GET', '/webhooks')).data,
    webhook: (uuid: string): Promise<WebhookConfiguration> => json('GET', `/webhooks/${encodeURIComponent(uuid)}`),
    /**
     * Creates a configuration: `name` and `url` required; the rest takes Mailcoach's defaults (enabled, all lists,
     * all events, a random 16-character secret). A 422 EmulatorApiError names each bad field.
     */
    createWebhook: (input: WebhookConfigurationInput & { name: string; url: string }): Promise<WebhookConfiguration> =>
      json('POST', '/webhooks', { json: input }),
    /** Changes the fields given (the others stay). */
    updateWebhook: (uuid: string, input: WebhookConfigurationInput): Promise<WebhookConfiguration> =>
      json('PATCH', `/webhooks/${encodeURIComponent(uuid)}`, { json: input }),
    /** Deletes a configuration, and its calls with it. */
    deleteWebhook: async (uuid: string): Promise<void> => {
      const path = `/webhooks/${encodeURIComponent(uuid)}`;
      await ok(await call('DELETE', path), 'DELETE', path);
    },
    /** The workspace's webhook calls, newest first, each with its request and attempts; `perPage` up to 500 (default 50). */
    webhookCalls,
    webhookCall,
    /**
     * Mailcoach's resend of a call: now, once, to its configuration's current URL with its current secret; answers
     * the call with the attempt (`manual`, `attempt` null) added. A 409 EmulatorApiError when the configuration is gone.
     */
    resendWebhookCall: (uuid: string): Promise<WebhookCall> =>
      json('POST', `/webhook-calls/${encodeURIComponent(uuid)}/resend`),
    /** The built-in receiver `<url>/_emulator/webhook-sink/<name>` (answers 200 to any POST and keeps the last 100). */
    webhookSink: (name: string) => {
      const path = `/webhook-sink/${encodeURIComponent(name)}`;
      return {
        /** What to point a configuration at (with the client's token, so the calls land in its workspace). */
        url: resourceUrl(path),
        /** What it received, newest first. */
        requests: async (): Promise<WebhookSinkRequest[]> =>
          (await json<{ data: WebhookSinkRequest[] }>('GET', path)).data,
        clear: async (): Promise<void> => {
          await ok(await call('DELETE', path), 'DELETE', path);
        },
      };
    },
    /**
     * Waits until a webhook call matches and answers it (of several, the oldest): by default one whose first try
     * has happened (the receiver has had it), whatever the outcome; `status` asks for `any` (stored), `pending`,
     * `succeeded` or `failed` (every try failed). `after` limits it to calls made later. It follows the event stream
     * (no polling, no sleeps). Throws WaitForWebhookTimeoutError (what matched, the newest calls) at the timeout.
     */
    waitForWebhook: (wait: WaitForWebhookOptions = {}): Promise<WebhookCall> =>
      waitForWebhook(
        { list: (filter, page) => webhookCalls(filter, page), call: webhookCall, subscribe },
        wait,
        wait.timeoutMs ?? DEFAULT_WAIT_MS,
      ),

    /** The emulator's OpenAPI document. */
    openapi: (): Promise<Record<string, unknown>> => json('GET', '/openapi.json'),

    /** The Mailcoach API (`/api`), with the client's token and `Accept: application/json`. */
    mailcoach: {
      /** Any request; never throws on a status. */
      request: mailcoachRequest,
      /** `POST /api/transactional-mails/send`; answers the log item uuid (null when `store` is false). Throws MailcoachApiError on an error status. */
      sendTransactional: async (body: TransactionalMailRequest): Promise<{ uuid: string | null }> => {
        const response = await mailcoachOk<{ uuid?: string } | null>('POST', '/transactional-mails/send', body);
        return { uuid: response.body?.uuid ?? null };
      },
      send: async (uuid: string): Promise<Send> =>
        (await mailcoachOk<{ data: Send }>('GET', `/sends/${encodeURIComponent(uuid)}`)).body.data,
      addSuppression: async (email: string): Promise<Suppression> =>
        (await mailcoachOk<{ data: Suppression }>('POST', '/suppressions', { email })).body.data,
      /** `DELETE /api/suppressions/{uuid or email}`; throws MailcoachApiError (a 403 for a spam complaint). */
      deleteSuppression: async (uuidOrEmail: string): Promise<void> => {
        await mailcoachOk('DELETE', `/suppressions/${encodeURIComponent(uuidOrEmail)}`);
      },
      /** `POST /api/email-lists`; answers the list. Throws MailcoachApiError on an error status (a 422 names the fields). */
      createEmailList: async (input: EmailListInput): Promise<EmailList> =>
        (await mailcoachOk<{ data: EmailList }>('POST', '/email-lists', input)).body.data,
      emailList: async (uuid: string): Promise<EmailList> =>
        (await mailcoachOk<{ data: EmailList }>('GET', `/email-lists/${encodeURIComponent(uuid)}`)).body.data,
      /** Subscribes (or updates: the API upserts by email) an address; answers the subscriber. */
      subscribe: async (listUuid: string, input: SubscribeInput): Promise<Subscriber> =>
        (
          await mailcoachOk<{ data: Subscriber }>(
            'POST',
            `/email-lists/${encodeURIComponent(listUuid)}/subscribers`,
            input,
          )
        ).body.data,
      subscriber: async (uuid: string): Promise<Subscriber> =>
        (await mailcoachOk<{ data: Subscriber }>('GET', `/subscribers/${encodeURIComponent(uuid)}`)).body.data,
      /** The list's subscriber with this address (any case), or null: what the SDK's `findByEmail` asks. */
      findSubscriber: async (listUuid: string, email: string): Promise<Subscriber | null> => {
        const path = `/email-lists/${encodeURIComponent(listUuid)}/subscribers?filter%5Bemail%5D=${encodeURIComponent(email)}`;
        return (await mailcoachOk<{ data: Subscriber[] }>('GET', path)).body.data[0] ?? null;
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

    /**
     * Waits (server-side) for the double opt-in mail to `email` and answers its confirmation link
     * (`<emulator>/confirm-subscription/<subscriber uuid>`, with `?redirect=` when the list has one); a GET of it
     * confirms the subscriber. With several such mails, the newest; `after` limits it to mail captured later.
     */
    waitForConfirmationLink: async (email: string, wait: Omit<WaitOptions, 'to' | 'subject'> = {}): Promise<string> => {
      const [newest] = await waitFor(1, { ...wait, to: email, subject: CONFIRMATION_SUBJECT });
      if (newest === undefined) throw new EmulatorApiError('GET', '/wait-for', 200, 'no message in the answer');
      const mail = await message(newest.uuid);
      const link = mail.links.find((href) => new URL(href).pathname.startsWith('/confirm-subscription/'));
      if (link === undefined)
        throw new Error(
          `The confirmation mail ${mail.uuid} to ${email} has no /confirm-subscription/ link: ${mail.links.join(', ') || 'no links'}`,
        );
      return link;
    },
  };

  async function simulateSuppression(
    path: string,
    target: string | { send_uuid: string },
  ): Promise<{ suppression: Suppression | null; created: boolean }> {
    return json('POST', path, { json: typeof target === 'string' ? { email: target } : target });
  }
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
