/**
 * Mailpit's MessageSummary (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1):
 * its keys in Go's struct order, and where each place that shows one differs: the list and the search store
 * addresses with `omitempty` (no To, Cc or Bcc reads back `null`; the search leaves an empty ReplyTo `null` too,
 * the list makes it `[]`), the websocket's `new` event has `[]` for every empty list.
 */
import type { MailpitSummaryRow } from '../db/mailpit-messages.js';
import type { MailAddress } from '../mail/addresses.js';
import { toMailpitId } from './ids.js';

interface MailpitAddress {
  Name: string;
  Address: string;
}

/** Where a summary is shown: each leaves empty address lists as Mailpit does there. */
export type SummaryPlace = 'list' | 'search' | 'event';

export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailpitAddress;
  To: MailpitAddress[] | null;
  Cc: MailpitAddress[] | null;
  Bcc: MailpitAddress[] | null;
  ReplyTo: MailpitAddress[] | null;
  Subject: string;
  Created: string;
  Username: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

/** `tags`: the message's tags, sorted by name case-insensitively (db/message-tags-store.ts tagsOfMessages). */
export function messageSummary(row: MailpitSummaryRow, place: SummaryPlace, tags: string[]): MessageSummary {
  const list = (json: string, emptyAs: MailpitAddress[] | null) => {
    const addresses = mailpitAddresses(json);
    return addresses.length === 0 ? emptyAs : addresses;
  };
  const omitted: MailpitAddress[] | null = place === 'event' ? [] : null;
  return {
    ID: toMailpitId(row.uuid),
    MessageID: row.message_id,
    Read: row.read === 1,
    From: mailpitAddresses(row.from_json)[0] ?? { Name: '', Address: '' },
    To: list(row.to_json, omitted),
    Cc: list(row.cc_json, omitted),
    Bcc: list(row.bcc_json, omitted),
    ReplyTo: list(row.reply_to_json, place === 'search' ? null : []),
    Subject: row.subject,
    Created: mailpitTime(row.created_at_ms),
    Username: row.username,
    Tags: tags,
    // Mailpit's Size counts the headers it adds to the raw (Bcc, Message-ID, Return-Path: migration 32); the
    // received size for a message stored before.
    Size: row.mailpit_size ?? row.size,
    Attachments: row.mailpit_attachments,
    Snippet: row.mailpit_snippet,
  };
}

/** Our stored `{name, email}` list as Mailpit's `{Name, Address}`. */
function mailpitAddresses(json: string): MailpitAddress[] {
  return (JSON.parse(json) as MailAddress[]).map((a) => ({ Name: a.name, Address: a.email }));
}

/**
 * Go's time.Time in JSON, in UTC (Mailpit in Docker): RFC 3339 with the fraction's trailing zeros removed, so a
 * millisecond time has 0-3 fractional digits (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below).
 */
function mailpitTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.replace(/\.?0*Z$/, 'Z');
}
