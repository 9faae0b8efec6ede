/**
 * The transactional mail log as the Mailcoach API answers it (`GET /api/transactional-mails`), and the way from a
 * log item to the message it captured. The inbox search has no filter on a message's log item, so the lookup
 * searches the seconds around the item's time (Mailcoach keeps whole seconds) for its first To address and picks
 * the message whose `log_item_uuid` is the item's.
 */
import { buildQuery, type EmulatorClient, type MailAddress, type MailcoachPage, type MessageSummary } from '../../../server/testing/client.js';
import { mailcoachBody } from './common.js';

export interface LogItem {
  uuid: string;
  subject: string;
  from: MailAddress[] | null;
  to: MailAddress[] | null;
  cc: MailAddress[] | null;
  bcc: MailAddress[] | null;
  body: string | null;
  html: string | null;
  created_at: string;
}

export type LogSort = '' | '-created_at' | 'created_at' | 'subject' | '-subject';

export async function logPage(api: EmulatorClient, query: { search: string; sort: LogSort; page: number }): Promise<MailcoachPage<LogItem>> {
  const params = new URLSearchParams();
  if (query.search !== '') params.set('filter[search]', query.search);
  if (query.sort !== '') params.set('sort', query.sort);
  params.set('page', String(query.page));
  const path = `/transactional-mails?${params.toString()}`;
  return mailcoachBody('GET', path, await api.mailcoach.request('GET', path));
}

export async function logItem(api: EmulatorClient, uuid: string): Promise<LogItem> {
  const path = `/transactional-mails/${encodeURIComponent(uuid)}`;
  return mailcoachBody<{ data: LogItem }>('GET', path, await api.mailcoach.request('GET', path)).data;
}

/** The captured message of a log item, or null (deleted from the inbox, or never captured). */
export async function messageOf(client: EmulatorClient, item: LogItem): Promise<MessageSummary | null> {
  const at = Date.parse(item.created_at);
  if (Number.isNaN(at)) return null;
  const terms = [`after:${new Date(at - 1000).toISOString()}`, `before:${new Date(at + 2000).toISOString()}`];
  const to = item.to?.[0]?.email;
  if (to !== undefined && to !== '') terms.push(buildQuery({ to }));
  const page = await client.messages(terms.join(' '), { perPage: 500 });
  return page.data.find((message) => message.log_item_uuid === item.uuid) ?? null;
}

export function addresses(list: MailAddress[] | null): string {
  if (list === null || list.length === 0) return '';
  return list.map((address) => (address.name === '' ? address.email : `${address.name} <${address.email}>`)).join(', ');
}
