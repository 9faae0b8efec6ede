/**
 * Running a subscriber import (StartSubscriberImportController, ImportSubscribersAction;
 * docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority): the CSV's header names the columns (`email`, `Email`, `Email Address` or
 * `email address`; `first_name`, `last_name`, `tags` separated by `;`; any other column an extra attribute); each row
 * upserts a subscriber of the list as the API's subscribe does, an invalid address counting as an error. The flags:
 * `subscribe_unsubscribed` brings unsubscribed addresses back (else they are left out), `replace_tags` replaces
 * their default tags (else adds), `unsubscribe_others` unsubscribes the list's subscribers the file does not name.
 * Run at once, not queued: the import is `completed` when the answer comes. Announced once as `audience.changed`
 * with null (events.ts): the import and any of the list's subscribers changed (its tag events name only some).
 */
import { parse } from 'csv-parse/sync';
import type { EmailListRow, SubscriberImportRow } from '../db/rows.js';
import { toEpochSeconds } from '../instant.js';
import { isRfcEmail } from '../validation/email.js';
import { subscriberStatus } from './status.js';
import { addTags, syncTags, type TagDeps } from './subscriber-tags.js';

/** The header names v8 accepts for the email column. */
const EMAIL_HEADERS = ['email', 'Email', 'Email Address', 'email address'];

/** The email column's header, or null when the first row has none (the import is then refused). */
export function emailHeader(csv: string): string | null {
  const [header] = parse(csv, {
    to_line: 1,
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
  }) as string[][];
  return (header ?? []).map((name) => name.trim()).find((name) => EMAIL_HEADERS.includes(name)) ?? null;
}

export function runImport(
  deps: TagDeps,
  subscriberImport: SubscriberImportRow,
  list: EmailListRow,
  csv: string,
  emailColumn: string,
): SubscriberImportRow {
  const rows = parse(csv, {
    columns: (header: string[]) => header.map((name) => name.trim()),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  }) as Array<Record<string, string>>;
  const { subscribers } = deps.store;
  const completed = deps.store.transaction(() => {
    const now = toEpochSeconds(deps.clock());
    let imported = 0;
    let errors = 0;
    const named = new Set<string>();
    for (const row of rows) {
      const email = (row[emailColumn] ?? '').toLowerCase();
      if (!isRfcEmail(email, { strict: true })) {
        errors++;
        continue;
      }
      named.add(email);
      const existing = subscribers.findByEmail(list.id, email);
      if (
        existing !== undefined &&
        subscriberStatus(existing) === 'unsubscribed' &&
        subscribeImport(subscriberImport) === false
      )
        continue;
      const extra: Record<string, string> = {};
      for (const [column, value] of Object.entries(row)) {
        if (![emailColumn, 'first_name', 'last_name', 'tags'].includes(column) && value !== '') extra[column] = value;
      }
      const fields = {
        first_name: row.first_name || existing?.first_name || null,
        last_name: row.last_name || existing?.last_name || null,
        extra_attributes: JSON.stringify({
          ...(existing === undefined ? {} : (JSON.parse(existing.extra_attributes) as object)),
          ...extra,
        }),
        subscribed_at: existing?.subscribed_at ?? now,
        unsubscribed_at: null,
        updated_at: now,
      };
      const subscriber =
        existing === undefined
          ? subscribers.insert({
              workspace_id: list.workspace_id,
              email_list_id: list.id,
              uuid: deps.ids(),
              email,
              ...fields,
              created_at: now,
            })
          : subscribers.update(existing.id, fields);
      const tags = (row.tags ?? '')
        .split(';')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
      if (subscriberImport.replace_tags === 1) syncTags(deps, subscriber, tags);
      else if (tags.length > 0) addTags(deps, subscriber, tags);
      imported++;
    }
    if (subscriberImport.unsubscribe_others === 1) {
      for (const id of subscribers.audienceIds(list.id, [])) {
        const subscriber = subscribers.findById(id);
        if (subscriber !== undefined && !named.has(subscriber.email.toLowerCase()))
          subscribers.update(id, { unsubscribed_at: now, updated_at: now });
      }
    }
    return deps.store.subscriberImports.update(subscriberImport.id, {
      status: 'completed',
      subscribers_csv: null,
      imported_subscribers_count: imported,
      error_count: errors,
      updated_at: now,
    });
  });
  deps.events.emit('audience.changed', { workspaceId: subscriberImport.workspace_id, uuids: null });
  return completed;
}

function subscribeImport(subscriberImport: SubscriberImportRow): boolean {
  return subscriberImport.subscribe_unsubscribed === 1;
}
