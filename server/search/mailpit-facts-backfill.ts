/**
 * Mailpit's facts of the messages stored before migration 27 (mail/mailpit-facts.ts), computed before the Mailpit
 * surface lists or searches: a database from an earlier version gets them once, in steps of STEP messages, one
 * a turn of the event loop, so that other requests are answered between them.
 */
import type { MailpitFactsSourceRow } from '../db/mailpit-messages.js';
import type { Store } from '../db/store.js';
import type { MailAddress } from '../mail/addresses.js';
import { mailpitFacts } from '../mail/mailpit-facts.js';

const STEP = 500;

/** Resolves once every stored message has its Mailpit facts. */
export async function fillMailpitFacts(store: Pick<Store, 'mailpit'>): Promise<void> {
  while (store.mailpit.hasPendingFacts()) {
    const rows = store.mailpit.pendingFacts(STEP);
    store.mailpit.saveFacts(rows.map(factsOf));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function factsOf(row: MailpitFactsSourceRow) {
  const addresses = (json: string) => JSON.parse(json) as MailAddress[];
  const attachments = JSON.parse(row.attachments_json) as { filename: string; content_id: string | null }[];
  const facts = mailpitFacts({
    from: addresses(row.from_json),
    to: addresses(row.to_json),
    cc: addresses(row.cc_json),
    bcc: addresses(row.bcc_json),
    replyTo: addresses(row.reply_to_json),
    subject: row.subject,
    returnPath: row.envelope_from,
    html: row.html_body,
    text: row.text_body,
    attachments: attachments.map((a) => ({ filename: a.filename, contentId: a.content_id })),
  });
  return {
    id: row.id,
    mailpit_snippet: facts.snippet,
    mailpit_attachments: facts.attachments,
    mailpit_inlines: facts.inlines,
    mailpit_search_text: facts.searchText,
  };
}
