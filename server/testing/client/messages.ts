/** The captured mail: listing, reading, waiting for, marking read, deleting; its checks; the event stream. */
import type { ChecksReport } from '../../emulator/schemas/checks.js';
import { EmulatorApiError, WaitForMessageTimeoutError } from '../errors.js';
import { readEventStream } from '../event-stream.js';
import { buildQuery, type MessageFilter } from '../message-filter.js';
import type { EmulatorEvent } from '../wire/controls.js';
import type { Message, MessagePage, MessageSummary } from '../wire/messages.js';
import { type PageOptions, readBody, segment, type Transport } from './transport.js';

/** The client's wait (see WaitOptions.timeoutMs); the emulator's own default, for raw HTTP, is 5000 ms. */
export const DEFAULT_WAIT_MS = 4_000;

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

/** Follows `GET /_emulator/events` until closed, reconnecting after a break. */
export function subscribeTo(
  t: Transport,
  onEvent: (event: EmulatorEvent) => void,
  { onOpen, onError, retryMs = 1_000 }: SubscribeOptions,
): { close(): void } {
  const controller = new AbortController();
  const follow = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await t.doFetch(`${t.base}/_emulator/events`, {
          headers: t.headers({ accept: 'text/event-stream' }),
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

export function messagesApi(t: Transport) {
  const messages = (query: string | MessageFilter = '', page: PageOptions = {}): Promise<MessagePage> =>
    t.json('GET', '/messages', {
      query: { query: typeof query === 'string' ? query : buildQuery(query), page: page.page, per_page: page.perPage },
    });

  const message = (uuid: string): Promise<Message> => t.json('GET', `/messages/${segment(uuid)}`);

  async function waitFor(count: number, wait: WaitOptions): Promise<MessageSummary[]> {
    if (!Number.isInteger(count) || count < 1) throw new TypeError('count must be a whole number of at least 1');
    const query = buildQuery(wait);
    const after = wait.after instanceof Date ? wait.after.toISOString() : wait.after;
    const timeoutMs = wait.timeoutMs ?? DEFAULT_WAIT_MS;
    const response = await t.call('GET', '/wait-for', { query: { query, count, timeout_ms: timeoutMs, after } });
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

  /** The message's raw bytes, as a Response to read. */
  const rawResponse = async (uuid: string): Promise<Response> => {
    const path = `/messages/${segment(uuid)}/raw`;
    return t.ok(await t.call('GET', path), 'GET', path);
  };

  return {
    /** Captured messages, newest first; `query` is a search string or a filter. */
    messages,
    /** One captured message with its parts, headers, links and codes. */
    message,
    /** Marks a message read (the web inbox does when it is opened) or unread; answers its summary. */
    setRead: (uuid: string, read: boolean): Promise<MessageSummary> =>
      t.json('PATCH', `/messages/${segment(uuid)}`, { json: { read } }),
    /**
     * URLs of a message's parts, for places that cannot send headers (a frame, a download link): the token goes in
     * the query string.
     */
    urls: {
      html: (uuid: string) => t.resourceUrl(`/messages/${segment(uuid)}/html`),
      raw: (uuid: string) => t.resourceUrl(`/messages/${segment(uuid)}/raw`),
      attachment: (uuid: string, index: number) => t.resourceUrl(`/messages/${segment(uuid)}/attachments/${index}`),
    },
    /** The raw `.eml` as text. */
    raw: async (uuid: string): Promise<string> => (await rawResponse(uuid)).text(),
    /** The raw `.eml`, byte for byte. */
    rawBytes: async (uuid: string): Promise<Uint8Array> =>
      new Uint8Array(await (await rawResponse(uuid)).arrayBuffer()),
    /** One attachment's bytes and type. */
    attachment: async (uuid: string, index: number): Promise<{ contentType: string; bytes: Uint8Array }> => {
      const path = `/messages/${segment(uuid)}/attachments/${index}`;
      const response = await t.ok(await t.call('GET', path), 'GET', path);
      return {
        contentType: response.headers.get('content-type') ?? '',
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },
    /** The message's checks report (README "Mail checks"): compatibility, links, placeholders and headers. */
    checks: (uuid: string): Promise<ChecksReport> => t.json('GET', `/messages/${segment(uuid)}/checks`),
    /** The checks report of a mail not captured (a studio render): no header checks, links resolved here. */
    checkRender: (mail: { subject: string; html: string | null; text: string | null }): Promise<ChecksReport> =>
      t.json('POST', '/checks', { json: mail }),
    deleteMessage: (uuid: string): Promise<void> => t.done('DELETE', `/messages/${segment(uuid)}`),
    /** Deletes these messages in one request (unknown uuids are ignored); answers how many went. */
    deleteMessagesByUuid: async (uuids: string[]): Promise<number> =>
      (await t.json<{ deleted: number }>('POST', '/messages/delete', { json: { uuids } })).deleted,
    /** Deletes every message matching `query` (every message of the workspace without one); answers how many. */
    deleteMessages: async (query: string | MessageFilter = ''): Promise<number> => {
      const text = typeof query === 'string' ? query : buildQuery(query);
      const body = await t.json<{ deleted: number }>('DELETE', '/messages', {
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
}
