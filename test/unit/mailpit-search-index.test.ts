/**
 * Mailpit's search from its trigram index (migration 31, db/mailpit-search.ts) against the same search as LIKE
 * over every row, which is what Mailpit itself runs
 * (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd):
 * for a battery of queries over varied mail, every page, count and unread count must be the same with the index
 * off, fully built, part built, and after deletes and updates.
 */
import { describe, expect, it } from 'vitest';
import type { MailpitPageRequest } from '../../server/db/mailpit-messages.js';
import type { NewMessage } from '../../server/db/messages-store.js';
import { openDatabase } from '../../server/db/open.js';
import { createStore, type Store } from '../../server/db/store.js';
import { fillMailpitFacts } from '../../server/search/mailpit-facts-backfill.js';
import { compileMailpitQuery } from '../../server/search/mailpit-query.js';

const LONG_TEXT = `${'long filler words '.repeat(4_000)} needle-at-the-end`;

/** Varied mail: addresses with names, underscores and percent signs, letters outside ASCII, a very long body. */
function corpus(n: number) {
  const names = ['Jane Doe', 'Émile Zola', 'bob_smith', 'Ann 100%', 'ACME Billing', 'Zoë'];
  const domains = ['example.com', 'gmail.com', 'acme.test', 'mail.co.uk'];
  const words = ['password reset', 'Invoice #42', 'ÉTÉ offer', 'weekly_digest', 'ok', '50% off', 'Über uns'];
  const name = names[n % names.length]!;
  const email = `${name.toLowerCase().replace(/[^a-z_]/g, '') || 'x'}${n}@${domains[n % domains.length]}`;
  const subject = `${words[n % words.length]} ${n}`;
  return {
    from: { name, email },
    to: { name: names[(n + 2) % names.length]!, email: `to${n}@${domains[(n + 1) % domains.length]}` },
    subject,
    text:
      n === 7
        ? LONG_TEXT
        : n === 9
          ? 'bobXsmith wrote the weekly digest, 100 percent'
          : `Hello ${name}, about ${subject}. Visit https://${domains[n % 4]}/p?id=${n}&x=y`,
    read: n % 3 === 0 ? 1 : 0,
    attachments: n % 5 === 0,
  };
}

function messageOf(workspaceId: number, n: number): NewMessage {
  const mail = corpus(n);
  return {
    workspace_id: workspaceId,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    message_id: `m${n}.${mail.from.email}`,
    envelope_from: mail.from.email,
    envelope_to_json: JSON.stringify([mail.to.email]),
    from_json: JSON.stringify([mail.from]),
    to_json: JSON.stringify([mail.to]),
    cc_json: n % 4 === 0 ? JSON.stringify([{ name: '', email: `cc${n}@gmail.com` }]) : '[]',
    bcc_json: '[]',
    reply_to_json: '[]',
    subject: mail.subject,
    text_body: mail.text,
    html_body: null,
    attachments_json: mail.attachments ? '[{"filename":"report_2024.pdf","content_id":null}]' : '[]',
    size: 100 + n,
    template_name: null,
    replacements_json: null,
    created_at_ms: 1_700_000_000_000 + n * 1000,
    campaign_uuid: null,
    email_list_uuid: null,
    subscriber_uuid: null,
    raw: Buffer.from(`Subject: ${mail.subject}\r\n\r\n${mail.text}`),
    attachments: [],
  };
}

const QUERIES = [
  'password',
  'PASSWORD reset',
  '"password reset"',
  'thisdoesnotexist',
  'ok',
  'to:gmail.com',
  'from:acme',
  'from:acme -password',
  '-password',
  '!gmail.com -invoice',
  'subject:invoice',
  'subject:"#42"',
  'subject:été',
  'émile',
  'zoë',
  'über',
  'weekly_digest',
  'bob_smith',
  '100%',
  '50%',
  'needle-at-the-end',
  '-needle-at-the-end',
  'long filler',
  'addressed:gmail',
  'cc:gmail.com',
  'message-id:acme.test',
  'is:unread password',
  'is:read -ok',
  'has:attachment',
  'has:attachment report_2024',
  'larger:150 smaller:180',
  'https://example.com/p?id=',
  'id=1',
  'x=y gmail',
  'tag:Important',
  'tag:important password',
  'foo:bar',
];

const WINDOWS: Pick<MailpitPageRequest, 'start' | 'limit'>[] = [
  { start: 0, limit: 50 },
  { start: 0, limit: 3 },
  { start: 2, limit: 5 },
  { start: 40, limit: 50 },
  { start: 0, limit: null },
];

async function storeWith(count: number) {
  const db = openDatabase(':memory:');
  const store = createStore(db);
  const { id: workspaceId } = store.ensureWorkspace('default', 0);
  const other = store.ensureWorkspace('other', 0).id;
  for (let n = 0; n < count; n++) {
    const row = store.messages.insert(messageOf(n % 11 === 10 ? other : workspaceId, n));
    if (n % 4 === 1) store.messageTags.replace(row.workspace_id, row.id, ['Important']);
  }
  await fillMailpitFacts(store);
  return { store, db, workspaceId };
}

/** Every query's every window, as the store answers it now. */
function answers(store: Store, workspaceId: number) {
  return QUERIES.map((query) => {
    const where = compileMailpitQuery(query);
    return {
      query,
      pages: WINDOWS.map((window) => {
        const page = store.mailpit.page(workspaceId, { where, beforeMs: null, ...window });
        return { ...window, uuids: page.rows.map((r) => r.uuid), matched: page.matched, unread: page.matchedUnread };
      }),
      latest: store.mailpit.latestUuid(workspaceId, where),
      all: store.mailpit.matchingUuids(workspaceId, where),
    };
  });
}

function indexAll(store: Store, step = { messages: 1_000, chars: 10_000_000 }) {
  while (store.mailpit.searchIndex.indexPending(step) > 0);
}

describe("Mailpit's trigram search index", () => {
  it('answers every query exactly as LIKE over the rows does: off, built, part built, after deletes and updates', async () => {
    const { store, db, workspaceId } = await storeWith(120);
    const reference = answers(store, workspaceId);
    // The reference is not empty: most queries match something, some do not.
    expect(reference.filter((a) => a.pages[0]!.matched > 0).length).toBeGreaterThan(25);
    expect(reference.find((a) => a.query === 'needle-at-the-end')!.pages[0]!.matched).toBe(1);

    expect(store.mailpit.searchIndex.enable()).toBe(true);
    expect(store.mailpit.searchIndex.enable()).toBe(false);
    indexAll(store);
    expect(store.mailpit.searchIndex.indexedThrough()).toBe(store.mailpit.searchIndex.highestId());
    expect(answers(store, workspaceId)).toEqual(reference);

    // Part built: the messages above the mark, and the long one, are read with LIKE.
    db.exec(`INSERT INTO mailpit_search (mailpit_search) VALUES ('delete-all');
      UPDATE mailpit_search_state SET indexed_through = 0`);
    store.mailpit.searchIndex.indexPending({ messages: 45, chars: 10_000_000 });
    expect(store.mailpit.searchIndex.indexedThrough()).toBe(45);
    expect(answers(store, workspaceId)).toEqual(reference);

    // Steps bounded by characters: the long message takes a step of its own and is never indexed.
    indexAll(store, { messages: 1_000, chars: 5_000 });
    const indexedRows = db.prepare('SELECT count(*) FROM mailpit_search').pluck().get();
    expect(indexedRows).toBe(119);
    expect(answers(store, workspaceId)).toEqual(reference);

    // Deletes (one at the top lowers the mark) and an update of what the index holds.
    const top = store.mailpit.searchIndex.highestId();
    db.prepare('DELETE FROM messages WHERE id IN (?, ?, ?)').run(3, 60, top);
    expect(store.mailpit.searchIndex.indexedThrough()).toBe(top - 1);
    db.prepare(
      "UPDATE messages SET subject = 'password changed', mailpit_search_text = 'password changed' WHERE id = 5",
    ).run();
    store.mailpit.searchIndex.enable();
    const indexedAfter = answers(store, workspaceId);
    db.exec(`UPDATE mailpit_search_state SET enabled = 0;
      INSERT INTO mailpit_search (mailpit_search) VALUES ('delete-all');
      UPDATE mailpit_search_state SET indexed_through = 0`);
    expect(indexedAfter).toEqual(answers(store, workspaceId));
    // Message id 5 (n = 4) matches now, and did not before.
    const renamed = '00000000-0000-4000-8000-000000000004';
    expect(indexedAfter.find((a) => a.query === 'password')!.all).toContain(renamed);
    expect(reference.find((a) => a.query === 'password')!.all).not.toContain(renamed);
    store.close();
  });

  it("marks a search's matches read from the index, as from the rows", async () => {
    const { store, workspaceId } = await storeWith(60);
    const unreadGmail = compileMailpitQuery('is:unread gmail.com');
    const expected = store.mailpit.matchingUuids(workspaceId, unreadGmail);
    expect(expected.length).toBeGreaterThan(5);
    store.mailpit.searchIndex.enable();
    indexAll(store);
    const changed = store.mailpit.setRead(workspaceId, true, null, compileMailpitQuery('gmail.com'));
    expect(changed.sort()).toEqual(expected.sort());
    expect(store.mailpit.matchingUuids(workspaceId, unreadGmail)).toEqual([]);
    store.close();
  });

  it('plans its searches on indexes: no scan of the messages rows, no sort, for terms the index answers', () => {
    const db = openDatabase(':memory:');
    const plans: string[] = [];
    let recording = false;
    const prepare = db.prepare.bind(db);
    // Every statement the store prepares for a search, explained with placeholder values.
    db.prepare = ((sql: string) => {
      if (recording && /^\s*SELECT/.test(sql) && /FROM (messages m|mailpit_search s)/.test(sql)) {
        const values = new Array((sql.match(/\?/g) ?? []).length).fill(1);
        const plan = prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[];
        plans.push(plan.map((row) => row.detail).join('\n'));
      }
      return prepare(sql);
    }) as typeof db.prepare;
    const store = createStore(db);
    const { id: workspaceId } = store.ensureWorkspace('default', 0);
    store.mailpit.searchIndex.enable();
    recording = true;
    for (const query of ['password', 'from:acme -password', 'is:unread has:attachment', '-password', 'larger:10k']) {
      store.mailpit.page(workspaceId, { where: compileMailpitQuery(query), beforeMs: null, start: 0, limit: 50 });
    }
    // The statements are cached: each distinct one is explained once.
    expect(plans.length).toBeGreaterThanOrEqual(5);
    for (const plan of plans) {
      // The partial index of the messages too long to index holds none of them here, and few anywhere.
      expect(plan).not.toMatch(
        /SCAN (m|messages)$|SCAN (m|messages) USING INDEX (?!messages_mailpit_unindexed)|TEMP B-TREE/m,
      );
    }
    store.close();
  });

  it('stays off until enabled: indexing then writes nothing', async () => {
    const { store, db } = await storeWith(10);
    expect(store.mailpit.searchIndex.indexPending({ messages: 100, chars: 1_000_000 })).toBe(0);
    expect(store.mailpit.searchIndex.indexedThrough()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM mailpit_search').pluck().get()).toBe(0);
    store.close();
  });
});
