/**
 * The search the inbox query language (search/query.ts, parsed in search-query.test.ts) compiles to
 * (db/messages-search.ts, messages-store.ts) over an in-memory database: each operator, negation, phrases, dates,
 * paging, the index mark of what is indexed, and deletes keeping the FTS5 index exact.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageFilter } from '../../server/db/messages-search.js';
import type { NewMessage } from '../../server/db/messages-store.js';
import { openDatabase } from '../../server/db/open.js';
import { createStore, type Store } from '../../server/db/store.js';
import { parseSearchQuery } from '../../server/search/query.js';

let db: ReturnType<typeof openDatabase>;
let store: Store;
let ws: number;
let next = 0;
const T0 = Date.parse('2025-03-01T10:00:00Z');

interface Mail {
  subject?: string;
  text?: string | null;
  html?: string | null;
  from?: string;
  to?: string[];
  cc?: string[];
  bcc?: string[];
  template?: string | null;
  attachments?: number;
  at?: number;
  workspace?: number;
}

/** Inserts a message; addresses are "Name <email>" or "email". Returns its uuid. */
function capture(mail: Mail = {}): string {
  next++;
  const uuid = `m${String(next).padStart(3, '0')}`;
  const parse = (value: string) => {
    const match = /^(.*)<(.+)>$/.exec(value);
    return match ? { name: match[1]!.trim(), email: match[2]! } : { name: '', email: value };
  };
  const list = (values: string[] = []) => JSON.stringify(values.map(parse));
  const attachments = Array.from({ length: mail.attachments ?? 0 }, (_, i) => ({
    filename: `f${i}.txt`,
    content_type: 'text/plain',
    content_id: null,
    content: Buffer.from(`file ${i}`),
  }));
  const message: NewMessage = {
    workspace_id: mail.workspace ?? ws,
    uuid,
    message_id: `${uuid}@example.com`,
    envelope_from: 'x@example.com',
    envelope_to_json: '[]',
    from_json: list([mail.from ?? 'App <app@example.com>']),
    to_json: list(mail.to ?? ['bob@example.com']),
    cc_json: list(mail.cc),
    bcc_json: list(mail.bcc),
    reply_to_json: '[]',
    subject: mail.subject ?? 'Hello',
    text_body: mail.text === undefined ? 'Hello there' : mail.text,
    html_body: mail.html ?? null,
    attachments_json: JSON.stringify(attachments.map(({ content, ...a }) => ({ ...a, size: content.length }))),
    size: 100,
    template_name: mail.template ?? null,
    replacements_json: null,
    created_at_ms: mail.at ?? T0 + next * 1000,
    campaign_uuid: null,
    email_list_uuid: null,
    subscriber_uuid: null,
    raw: Buffer.from(`Subject: ${mail.subject ?? 'Hello'}\r\n\r\nbody`),
    attachments,
  };
  store.messages.insert(message);
  return uuid;
}

function search(query: string | null, window = { offset: 0, limit: 100 }, workspace = ws) {
  const result = store.messages.search(workspace, parseSearchQuery(query), window);
  return { uuids: result.rows.map((row) => row.uuid), total: result.total };
}

const found = (query: string | null) => search(query).uuids;

const markOf = () => db.prepare('SELECT indexed_through FROM messages_search_state').pluck().get() as number;

/** FTS5's own consistency check of the index structure, once everything is indexed. */
function checkIndex(): void {
  store.messages.indexPending();
  db.prepare("INSERT INTO messages_search (messages_search, rank) VALUES ('integrity-check', 0)").run();
  expect(markOf()).toBe(db.prepare('SELECT COALESCE(MAX(id), 0) FROM messages').pluck().get());
}

describe('searching captured messages', () => {
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = createStore(db);
    ws = store.ensureWorkspace('default', 1_700_000_000).id;
    next = 0;
  });

  afterEach(() => store.close());

  it('finds a Mailpit tag by name in any case with tag:, with words and other filters, and not in another workspace', () => {
    const tag = (uuid: string, names: string[], workspace = ws) => {
      const id = store.messages.idOf(workspace, uuid)!;
      store.transaction(() => store.messageTags.replace(workspace, id, names));
    };
    const signup = capture({ subject: 'Welcome aboard' });
    const both = capture({ subject: 'Welcome back' });
    const none = capture({ subject: 'Welcome again' });
    tag(signup, ['signup']);
    tag(both, ['Signup', 'Test tag']);
    const other = store.ensureWorkspace('other', 1_700_000_000).id;
    const elsewhere = capture({ workspace: other });
    tag(elsewhere, ['signup'], other);
    expect(found('tag:signup')).toEqual([both, signup]);
    expect(found('tag:SIGNUP')).toEqual([both, signup]);
    expect(found('tag:"test tag"')).toEqual([both]);
    expect(found('-tag:"Test tag"')).toEqual([none, signup]);
    expect(found('tag:signup welcome -tag:"test tag"')).toEqual([signup]);
    expect(found('tag:signup is:unread')).toEqual([both, signup]);
    expect(search('tag:signup', { offset: 1, limit: 1 })).toEqual({ uuids: [signup], total: 2 });
    expect(found('tag:nope')).toEqual([]);
    expect(search('tag:signup', undefined, other).uuids).toEqual([elsewhere]);
  });

  it('lists newest first (capture order) with the total, and pages', () => {
    const uuids = Array.from({ length: 7 }, () => capture());
    expect(search(null)).toEqual({ uuids: [...uuids].reverse(), total: 7 });
    expect(search(null, { offset: 2, limit: 3 })).toEqual({ uuids: [uuids[4], uuids[3], uuids[2]], total: 7 });
    expect(search(null, { offset: 7, limit: 3 })).toEqual({ uuids: [], total: 7 });
    expect(search('hello', { offset: 5, limit: 3 })).toEqual({ uuids: [uuids[1], uuids[0]], total: 7 });
  });

  it('matches free words as word prefixes in subject, text, from and to, case- and accent-insensitively', () => {
    const subject = capture({ subject: 'Your INVOICE is ready', text: 'nothing' });
    const text = capture({ subject: 'x', text: 'Please find the invoices attached.' });
    const from = capture({ subject: 'x', text: 'y', from: 'Invoices Team <billing@acme.test>' });
    const to = capture({ subject: 'x', text: 'y', to: ['Invoice Desk <desk@example.com>'] });
    capture({ subject: 'x', text: 'y', cc: ['invoice@example.com'] });
    capture({ subject: 'x', text: 'novoice' });
    expect(found('invoice')).toEqual([to, from, text, subject]);
    expect(found('INVOIC')).toEqual([to, from, text, subject]);
    const accented = capture({ subject: 'Crème brûlée for Jürgen' });
    expect(found('creme brulee jurgen')).toEqual([accented]);
  });

  it('ANDs terms, negates with -, and matches phrases as consecutive whole words', () => {
    const a = capture({ subject: 'Your order has shipped', text: 'order 1' });
    const b = capture({ subject: 'Order received', text: 'it has not shipped yet' });
    const c = capture({ subject: 'Shipping update', text: 'order has shipped-ish' });
    expect(found('order shipped')).toEqual([c, b, a]);
    expect(found('"order has shipped"')).toEqual([c, a]);
    expect(found('"has shipped"')).toEqual([c, a]);
    expect(found('"order shipped"')).toEqual([]);
    expect(found('"has ship"')).toEqual([]);
    expect(found('order -received')).toEqual([c, a]);
    expect(found('-"has shipped"')).toEqual([b]);
    expect(found('-order')).toEqual([]);
    expect(found('shipped -"not shipped" -update')).toEqual([a]);
  });

  it('matches an email address typed as a free word', () => {
    const bob = capture({ to: ['bob@example.com'] });
    capture({ to: ['alice@example.com'] });
    expect(found('bob@example.com')).toEqual([bob]);
  });

  it('filters by address: the whole address, its domain, local part or a name word, as prefixes', () => {
    const bob = capture({ to: ['Bob Smith <bob@example.com>'] });
    const bobby = capture({ to: ['bobby.tables@school.example'] });
    const alice = capture({ to: ['alice+tests@example.com'], cc: ['bob@example.com'] });
    const carol = capture({
      to: ['carol@mail.example.com'],
      bcc: ['audit@acme.test'],
      from: 'Billing <billing@acme.test>',
    });
    expect(found('to:bob@example.com')).toEqual([bob]);
    expect(found('to:BOB@Example.COM')).toEqual([bob]);
    expect(found('to:bob')).toEqual([bobby, bob]);
    expect(found('to:bobby.tables')).toEqual([bobby]);
    expect(found('to:example.com')).toEqual([alice, bob]);
    expect(found('to:@example.com')).toEqual([alice, bob]);
    expect(found('to:mail.example.com')).toEqual([carol]);
    expect(found('to:smith')).toEqual([bob]);
    expect(found('to:"bob smith"')).toEqual([bob]);
    expect(found('to:alice+tests@example.com')).toEqual([alice]);
    expect(found('cc:bob@example.com')).toEqual([alice]);
    expect(found('bcc:audit')).toEqual([carol]);
    expect(found('from:billing@acme.test')).toEqual([carol]);
    expect(found('from:app@example.com')).toEqual([alice, bobby, bob]);
    expect(found('-to:example.com')).toEqual([carol, bobby]);
    // Not a substring search: the middle of an address is no prefix of any of its parts.
    expect(found('to:ample.com')).toEqual([]);
  });

  it('filters by subject words, template name (exactly), attachments and dates', () => {
    const a = capture({ subject: 'Reset your password', template: 'Password-Reset', at: T0 + 1000 });
    const b = capture({
      subject: 'Password changed',
      text: 'reset done',
      template: 'password-reset-2',
      attachments: 2,
      at: T0 + 2000,
    });
    const c = capture({ subject: 'Welcome', template: null, attachments: 1, at: T0 + 3000 });
    expect(found('subject:reset')).toEqual([a]);
    expect(found('subject:"your pass"')).toEqual([a]);
    expect(found('mail:password-reset')).toEqual([a]);
    expect(found('mail:PASSWORD-RESET')).toEqual([a]);
    expect(found('mail:password')).toEqual([]);
    expect(found('-mail:password-reset')).toEqual([c, b]);
    expect(found('has:attachment')).toEqual([c, b]);
    expect(found('-has:attachment')).toEqual([a]);
    expect(found(`after:${new Date(T0 + 1000).toISOString()}`)).toEqual([c, b]);
    expect(found(`before:${new Date(T0 + 3000).toISOString()}`)).toEqual([b, a]);
    expect(found(`-before:${new Date(T0 + 2000).toISOString()} -after:${new Date(T0 + 2000).toISOString()}`)).toEqual([
      b,
    ]);
    expect(found(`password after:${new Date(T0 + 1500).toISOString()}`)).toEqual([b]);
    expect(search(`password after:${new Date(T0).toISOString()}`, { offset: 1, limit: 1 })).toEqual({
      uuids: [a],
      total: 2,
    });
  });

  it('bounds times exactly, with equal capture times and with a clock that went backwards', () => {
    const iso = (offset: number) => new Date(T0 + offset).toISOString();
    const a = capture({ subject: 'same time', at: T0 + 1000 });
    const b = capture({ subject: 'same time', at: T0 + 2000 });
    const c = capture({ subject: 'same time', at: T0 + 2000 });
    const d = capture({ subject: 'same time', at: T0 + 3000 });
    expect(found(`-before:${iso(2000)}`)).toEqual([d, c, b]);
    expect(found(`-after:${iso(2000)}`)).toEqual([c, b, a]);
    expect(found(`after:${iso(1000)} before:${iso(3000)}`)).toEqual([c, b]);
    expect(found(`same after:${iso(1000)} before:${iso(3000)}`)).toEqual([c, b]);
    expect(found(`same after:${iso(3000)}`)).toEqual([]);
    expect(found(`after:${iso(3000)}`)).toEqual([]);
    expect(found(`after:${iso(2500)} before:${iso(1500)}`)).toEqual([]);

    // The clock set back: capture order and time order differ from here on, and bounds stay exact.
    const e = capture({ subject: 'same time', at: T0 + 1500 });
    expect(found(`after:${iso(1200)}`)).toEqual([e, d, c, b]);
    expect(found(`before:${iso(2500)}`)).toEqual([e, c, b, a]);
    expect(found(`same -after:${iso(1500)}`)).toEqual([e, a]);
    expect(search(`-before:${iso(1500)}`, { offset: 1, limit: 2 })).toEqual({ uuids: [d, c], total: 4 });
    // Once the workspace is emptied, its times start afresh.
    store.messages.deleteAll(ws);
    const f = capture({ subject: 'later', at: T0 });
    expect(found(`after:${iso(-1)}`)).toEqual([f]);
    expect(db.prepare('SELECT COUNT(*) FROM messages_time_regressions').pluck().get()).toBe(0);
  });

  it('searches one workspace only', () => {
    const other = store.ensureWorkspace('other', 1_700_000_000).id;
    const mine = capture({ subject: 'shared words' });
    const theirs = capture({ subject: 'shared words', workspace: other });
    expect(found('shared')).toEqual([mine]);
    expect(search('shared', undefined, other).uuids).toEqual([theirs]);
    expect(search('-nothing', undefined, other).uuids).toEqual([theirs]);
    expect(search(null, undefined, other)).toEqual({ uuids: [theirs], total: 1 });
    expect(search(`after:2000-01-01`, undefined, other)).toEqual({ uuids: [theirs], total: 1 });
  });

  it('only messages captured after a given one, with capturedAfterId', () => {
    const [a, b, c] = [capture(), capture(), capture()];
    const filter: MessageFilter = { terms: [], capturedAfterId: store.messages.idOf(ws, a) };
    expect(store.messages.search(ws, filter, { offset: 0, limit: 10 }).rows.map((r) => r.uuid)).toEqual([c, b]);
    const words: MessageFilter = { ...parseSearchQuery('hello'), capturedAfterId: store.messages.idOf(ws, b) };
    expect(store.messages.search(ws, words, { offset: 0, limit: 10 }).rows.map((r) => r.uuid)).toEqual([c]);
  });

  it('indexes captured messages in one batch, before any search', () => {
    capture({ subject: 'one' });
    capture({ subject: 'two' });
    expect(markOf()).toBe(0);
    expect(store.messages.indexPending()).toBe(2);
    expect(markOf()).toBe(2);
    expect(store.messages.indexPending()).toBe(0);
    const three = capture({ subject: 'three' });
    expect(found('three')).toEqual([three]);
    expect(store.messages.indexPending()).toBe(0);
  });

  it('indexes a message that gets the id of a deleted one (SQLite reuses the highest id)', () => {
    const one = capture({ subject: 'one' });
    const two = capture({ subject: 'two' });
    store.messages.indexPending();
    const twoId = store.messages.idOf(ws, two);
    store.messages.deleteByUuid(ws, two);
    expect(markOf()).toBe(1);
    const again = capture({ subject: 'again' });
    expect(store.messages.idOf(ws, again)).toBe(twoId);
    expect(found('again')).toEqual([again]);
    expect(found('two')).toEqual([]);
    expect(found('one')).toEqual([one]);
    checkIndex();
  });

  it('keeps the index exact through deletes, one by one, by search and in bulk', () => {
    const kept = capture({ subject: 'keep me' });
    const gone = capture({ subject: 'delete me' });
    const unindexed = capture({ subject: 'delete me too' }); // never indexed before it goes
    store.messages.indexPending();
    expect(store.messages.deleteByUuid(ws, gone)).toBe(true);
    expect(store.messages.deleteByUuid(ws, gone)).toBe(false);
    expect(store.messages.deleteMatching(ws, parseSearchQuery('"delete me"'))).toEqual([unindexed]);
    expect(found('delete')).toEqual([]);
    expect(found('keep')).toEqual([kept]);
    checkIndex();

    const uuids = Array.from({ length: 2400 }, (_, i) => capture({ subject: i % 2 === 0 ? 'even' : 'odd' }));
    expect(search('even').total).toBe(1200);
    // Half the index: it is emptied and the rest indexed again, rather than removed from it row by row.
    expect(store.messages.deleteMatching(ws, parseSearchQuery('even')).length).toBe(1200);
    expect(markOf()).toBe(0);
    expect(search('odd').total).toBe(1200);
    expect(search('even').total).toBe(0);
    expect(search(null).total).toBe(1201);
    checkIndex();
    // Below 1,000 messages, the rows leave the index one by one.
    const after = store.messages.idOf(ws, uuids[1999]!);
    const few = store.messages.deleteMatching(ws, { terms: parseSearchQuery('odd').terms, capturedAfterId: after });
    expect(few.length).toBe(200);
    expect(markOf()).toBeGreaterThan(0);
    expect(store.messages.deleteMatching(ws, parseSearchQuery('odd')).length).toBe(1000);
    expect(markOf()).toBe(0);
    expect(search('odd').total).toBe(0);
    expect(found('keep')).toEqual([kept]);
    checkIndex();
    expect(store.messages.deleteAll(ws)).toBe(1);
    expect(search(null)).toEqual({ uuids: [], total: 0 });
    checkIndex();
  });

  it('clears a workspace with many messages by emptying the index, and keeps the other workspaces searchable', () => {
    const other = store.ensureWorkspace('other', 1_700_000_000).id;
    const theirs = capture({ subject: 'theirs', workspace: other });
    for (let i = 0; i < 1_500; i++) capture({ subject: 'mine' });
    store.messages.indexPending();
    expect(markOf()).toBeGreaterThan(0);
    store.workspaces.clear(ws);
    // The bulk path: the index was emptied (not 1,500 single removals) and is rebuilt at the next search.
    expect(markOf()).toBe(0);
    expect(search(null).total).toBe(0);
    expect(search('theirs', undefined, other).uuids).toEqual([theirs]);
    checkIndex();
  });

  it('empties the index at once when every message goes, however few there are', () => {
    const dataRows = () => db.prepare('SELECT COUNT(*) FROM messages_search_data').pluck().get() as number;
    const empty = dataRows();
    for (let i = 0; i < 20; i++) capture({ subject: `hello ${i}` });
    store.messages.indexPending();
    expect(dataRows()).toBeGreaterThan(empty);
    // Removed one by one, each message would leave its own delete record in the index until a merge.
    expect(store.messages.deleteAll(ws)).toBe(20);
    expect(dataRows()).toBe(empty);
    expect(search('hello').total).toBe(0);
    checkIndex();
  });

  it('deletes a workspace in steps of a bounded size, up to the id it started from', () => {
    const dataRows = () => db.prepare('SELECT COUNT(*) FROM messages_search_data').pluck().get() as number;
    const empty = dataRows();
    for (let i = 0; i < 10; i++) capture({ subject: `hello ${i}` }); // size 100 each
    store.messages.indexPending();
    const through = store.messages.highestId();
    const later = capture({ subject: 'later' });
    const step = { messages: 4, chars: 250 };
    // Two of 100 bytes fit in 250; the first step of a delete that leaves others behind removes rows one by one.
    expect(store.messages.deleteAllStep(ws, through, step)).toBe(2);
    expect(dataRows()).toBeGreaterThan(empty);
    expect(store.messages.deleteAllStep(ws, through, { messages: 4, chars: 10_000 })).toBe(4);
    expect(store.messages.deleteAllStep(ws, through, { messages: 4, chars: 10_000 })).toBe(4);
    expect(store.messages.deleteAllStep(ws, through, step)).toBe(0);
    expect(search(null).uuids).toEqual([later]);
    checkIndex();
    // A message bigger than the step still goes, alone; a delete that leaves nothing empties the index at once.
    store.messages.indexPending();
    expect(store.messages.deleteAllStep(ws, store.messages.highestId(), { messages: 4, chars: 1 })).toBe(1);
    expect(dataRows()).toBe(empty);
    expect(store.messages.deleteAllStep(ws, store.messages.highestId(), step)).toBe(0);
    checkIndex();
  });

  it('indexes the first 2,000 addresses of a list (migration 7): a send with 41,666 cc took 179 ms to index', () => {
    const many = capture({ cc: Array.from({ length: 2_500 }, (_, i) => `user${i + 1}@example.com`) });
    expect(found('cc:user2000@example.com')).toEqual([many]);
    expect(found('cc:user2001@example.com')).toEqual([]);
    checkIndex();
  });

  it('links a stored message to its log item and send', () => {
    const uuid = capture();
    const messageId = store.messages.idOf(ws, uuid)!;
    store.logItems.insert({
      workspace_id: ws,
      uuid: 'log-1',
      mail_name: null,
      subject: 'Hello',
      from_json: '[]',
      to_json: '[]',
      cc_json: '[]',
      bcc_json: '[]',
      body: null,
      body_in_message: 0,
      attachments_json: '[]',
      mailer: null,
      fake: 0,
      message_id: messageId,
      created_at: 1,
      updated_at: 1,
    });
    store.sends.insert({
      workspace_id: ws,
      uuid: 'send-1',
      transport_message_id: null,
      campaign_uuid: null,
      automation_mail_uuid: null,
      transactional_mail_log_item_uuid: 'log-1',
      subscriber_uuid: null,
      sent_at: 1,
      failed_at: null,
      failure_reason: null,
      open_count: 0,
      click_count: 0,
      first_opened_at: null,
      last_opened_at: null,
      first_clicked_at: null,
      last_clicked_at: null,
      created_at: 1,
      updated_at: 1,
    });
    const other = capture();
    const rows = store.messages.search(ws, { terms: [] }, { offset: 0, limit: 10 }).rows;
    expect(rows.map((r) => [r.uuid, r.log_item_uuid, r.send_uuid])).toEqual([
      [other, null, null],
      [uuid, 'log-1', 'send-1'],
    ]);
    expect(store.messages.findLinked(ws, uuid)).toMatchObject({ log_item_uuid: 'log-1', send_uuid: 'send-1' });
    // Deleting the message leaves the log item, without its message.
    store.messages.deleteByUuid(ws, uuid);
    expect(store.logItems.findByUuid(ws, 'log-1')?.message_id).toBeNull();
  });
});
