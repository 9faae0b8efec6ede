/**
 * The transactional mail log as the web UI reads it: `GET /_emulator/log-items` (client.logItems / logItem), which
 * answers what `GET /api/transactional-mails` answers (same filters, sort and pages) plus each item's captured
 * `message_uuid` and `send_uuid`. It needs no API token, so a tab without one (the default workspace under
 * --isolate) sees its log too.
 */
import type { LogItemQuery, MailAddress } from '../../../server/testing/client.js';

export type { LogItemWithLinks as LogItem } from '../../../server/testing/client.js';

/** The sort as the URL keeps it ('' is the API's default, newest first). */
export type LogSort = '' | NonNullable<LogItemQuery['sort']>;

export function addresses(list: MailAddress[] | null): string {
  if (list === null || list.length === 0) return '';
  return list.map((address) => (address.name === '' ? address.email : `${address.name} <${address.email}>`)).join(', ');
}
