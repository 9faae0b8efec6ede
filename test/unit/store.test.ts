/**
 * The store's tables over an in-memory database: workspaces, suppressions, sends, templates and log items, with
 * their filters, sorts and pages. openDatabase() and the migrations are migrations.test.ts's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.js';
import type { LogItemRow, NewRow, SendRow, SuppressionReason, TemplateRow } from '../../server/db/rows.js';
import type { PageWindow, SortTerm } from '../../server/db/statements.js';
import { createStore, type Store } from '../../server/db/store.js';
import { sequentialUuid } from '../../server/ids.js';

const FIRST_PAGE: PageWindow = { offset: 0, limit: 15 };
const BY_CREATED: SortTerm[] = [
  { column: 'created_at', descending: false },
  { column: 'id', descending: false },
];
const BY_CREATED_DESC: SortTerm[] = [
  { column: 'created_at', descending: true },
  { column: 'id', descending: true },
];
const BY_ID: SortTerm[] = [{ column: 'id', descending: false }];

let store: Store;
let ws: number;
let uuid: () => string;

beforeEach(() => {
  store = createStore(openDatabase(':memory:'));
  ws = store.ensureWorkspace('default', 1_700_000_000).id;
  uuid = sequentialUuid();
});

afterEach(() => store.close());

function suppression(email: string, reason: SuppressionReason = 'manual', createdAt = 1_700_000_000, workspace = ws) {
  return store.suppressions.insert({
    workspace_id: workspace,
    uuid: uuid(),
    email,
    reason,
    origin: 'api',
    created_at: createdAt,
    updated_at: createdAt,
  });
}

function send(fields: Partial<NewRow<SendRow>> = {}) {
  return store.sends.insert({
    workspace_id: ws,
    uuid: uuid(),
    transport_message_id: null,
    campaign_uuid: null,
    automation_mail_uuid: null,
    transactional_mail_log_item_uuid: null,
    subscriber_uuid: null,
    sent_at: 1_700_000_000,
    failed_at: null,
    failure_reason: null,
    open_count: 0,
    click_count: 0,
    first_opened_at: null,
    last_opened_at: null,
    first_clicked_at: null,
    last_clicked_at: null,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...fields,
  });
}

function template(name: string, subject = '') {
  const row: NewRow<TemplateRow> = {
    workspace_id: ws,
    uuid: uuid(),
    name,
    label: null,
    type: 'html',
    subject,
    body: '',
    from_address: null,
    to_json: '[]',
    cc_json: '[]',
    bcc_json: '[]',
    store_mail: 1,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
  };
  return store.templates.insert(row);
}

function logItem(subject: string) {
  const row: NewRow<LogItemRow> = {
    workspace_id: ws,
    uuid: uuid(),
    mail_name: null,
    subject,
    from_json: '[]',
    to_json: '[]',
    cc_json: '[]',
    bcc_json: '[]',
    body: null,
    body_in_message: 0,
    attachments_json: '[]',
    mailer: null,
    fake: 0,
    message_id: null,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
  };
  return store.logItems.insert(row);
}

const emails = (rows: Array<{ email: string }>) => rows.map((row) => row.email);

describe('workspaces', () => {
  it('creates a workspace once and finds it afterwards', () => {
    const created = store.ensureWorkspace('other', 5);
    expect(created.created).toBe(true);
    expect(created.id).not.toBe(ws);
    expect(store.ensureWorkspace('other', 6)).toEqual({ id: created.id, created: false });
  });
});

describe('suppressions', () => {
  it('returns the inserted row with its database id', () => {
    const row = suppression('jane@example.com', 'hard_bounce', 1_700_000_123);
    expect(row).toMatchObject({
      workspace_id: ws,
      email: 'jane@example.com',
      reason: 'hard_bounce',
      created_at: 1_700_000_123,
    });
    expect(typeof row.id).toBe('number');
    expect(store.suppressions.findByUuid(ws, row.uuid)).toEqual(row);
  });

  it('finds by email case-insensitively', () => {
    const row = suppression('Jane@Example.com');
    expect(store.suppressions.findByEmail(ws, 'jane@example.COM')).toEqual(row);
  });

  it('refuses a second row for the same email in another case', () => {
    suppression('jane@example.com');
    expect(() => suppression('JANE@example.com')).toThrow(/UNIQUE/);
  });

  it('keeps workspaces apart', () => {
    const other = store.ensureWorkspace('other', 1).id;
    suppression('jane@example.com', 'manual', 1, other);
    expect(store.suppressions.findByEmail(ws, 'jane@example.com')).toBeUndefined();
    expect(store.suppressions.list(ws, {}, BY_ID, FIRST_PAGE).total).toBe(0);
    expect(() => suppression('jane@example.com')).not.toThrow();
  });

  it('refuses an unknown reason', () => {
    expect(() => suppression('a@x.com', 'bounced' as SuppressionReason)).toThrow(/CHECK/);
  });

  it('finds the first suppressed address among several, case-insensitively', () => {
    suppression('b@x.com');
    suppression('c@x.com');
    expect(store.suppressions.findFirstAmong(ws, ['a@x.com', 'C@X.com', 'b@x.com'])?.email).toBe('b@x.com');
    expect(store.suppressions.findFirstAmong(ws, ['z@x.com'])).toBeUndefined();
    expect(store.suppressions.findFirstAmong(ws, [])).toBeUndefined();
  });

  it('deletes by id', () => {
    const row = suppression('a@x.com');
    store.suppressions.delete(row.id);
    expect(store.suppressions.findByUuid(ws, row.uuid)).toBeUndefined();
  });

  describe('list', () => {
    beforeEach(() => {
      suppression('alice@example.com', 'manual', 300);
      suppression('bob@test.org', 'hard_bounce', 100);
      suppression('carol@example.com', 'spam_complaint', 200);
      suppression('dave@Example.org', 'manual', 400);
    });

    it('sorts by created_at either way', () => {
      expect(emails(store.suppressions.list(ws, {}, BY_CREATED, FIRST_PAGE).rows)).toEqual([
        'bob@test.org',
        'carol@example.com',
        'alice@example.com',
        'dave@Example.org',
      ]);
      expect(emails(store.suppressions.list(ws, {}, BY_CREATED_DESC, FIRST_PAGE).rows)).toEqual([
        'dave@Example.org',
        'alice@example.com',
        'carol@example.com',
        'bob@test.org',
      ]);
    });

    it('searches the email as a case-insensitive substring, any of several values', () => {
      expect(emails(store.suppressions.list(ws, { search: ['EXAMPLE.com'] }, BY_ID, FIRST_PAGE).rows)).toEqual([
        'alice@example.com',
        'carol@example.com',
      ]);
      expect(emails(store.suppressions.list(ws, { search: ['bob', 'dave'] }, BY_ID, FIRST_PAGE).rows)).toEqual([
        'bob@test.org',
        'dave@Example.org',
      ]);
    });

    it('filters by any of the given reasons, combined with search', () => {
      const { rows, total } = store.suppressions.list(ws, { reasons: ['manual', 'hard_bounce'] }, BY_ID, FIRST_PAGE);
      expect([emails(rows), total]).toEqual([['alice@example.com', 'bob@test.org', 'dave@Example.org'], 3]);
      const both = store.suppressions.list(ws, { reasons: ['manual'], search: ['.org'] }, BY_ID, FIRST_PAGE);
      expect(emails(both.rows)).toEqual(['dave@Example.org']);
    });

    it('returns nothing for a search that matches nothing', () => {
      expect(store.suppressions.list(ws, { search: ['nobody'] }, BY_ID, FIRST_PAGE)).toEqual({ rows: [], total: 0 });
    });
  });

  it('pages with the total of every matching row', () => {
    for (let i = 1; i <= 20; i++) suppression(`user${String(i).padStart(2, '0')}@x.com`, 'manual', i);
    const first = store.suppressions.list(ws, {}, BY_CREATED, FIRST_PAGE);
    const second = store.suppressions.list(ws, {}, BY_CREATED, { offset: 15, limit: 15 });
    expect([first.rows.length, first.total, second.rows.length, second.total]).toEqual([15, 20, 5, 20]);
    expect(emails(second.rows)).toEqual([
      'user16@x.com',
      'user17@x.com',
      'user18@x.com',
      'user19@x.com',
      'user20@x.com',
    ]);
    expect(store.suppressions.list(ws, {}, BY_CREATED, { offset: 30, limit: 15 })).toEqual({ rows: [], total: 20 });
  });
});

describe('sends', () => {
  it('filters on each owner uuid, any of several values, and combines filters', () => {
    const a = send({ transactional_mail_log_item_uuid: 'log-a', subscriber_uuid: 'sub-1' });
    const b = send({ transactional_mail_log_item_uuid: 'log-b', subscriber_uuid: 'sub-1' });
    const c = send({ campaign_uuid: 'camp-1' });
    const uuids = (rows: SendRow[]) => rows.map((row) => row.uuid);
    const list = (filters: Parameters<Store['sends']['list']>[1]) => store.sends.list(ws, filters, BY_ID, FIRST_PAGE);
    expect(uuids(list({ transactional_mail_log_item_uuid: ['log-a'] }).rows)).toEqual([a.uuid]);
    expect(uuids(list({ transactional_mail_log_item_uuid: ['log-a', 'log-b'] }).rows)).toEqual([a.uuid, b.uuid]);
    expect(uuids(list({ campaign_uuid: ['camp-1'] }).rows)).toEqual([c.uuid]);
    expect(uuids(list({ subscriber_uuid: ['sub-1'], transactional_mail_log_item_uuid: ['log-b'] }).rows)).toEqual([
      b.uuid,
    ]);
    expect(list({ automation_mail_uuid: ['none'] })).toEqual({ rows: [], total: 0 });
    expect(list({}).total).toBe(3);
  });

  it('sorts by sent_at, descending as the default sort asks', () => {
    send({ sent_at: 200 });
    send({ sent_at: 300 });
    send({ sent_at: 100 });
    const desc = store.sends.list(
      ws,
      {},
      [
        { column: 'sent_at', descending: true },
        { column: 'id', descending: true },
      ],
      FIRST_PAGE,
    );
    expect(desc.rows.map((row) => row.sent_at)).toEqual([300, 200, 100]);
  });

  it('finds by uuid and deletes', () => {
    const row = send();
    expect(store.sends.findByUuid(ws, row.uuid)).toEqual(row);
    store.sends.delete(row.id);
    expect(store.sends.findByUuid(ws, row.uuid)).toBeUndefined();
  });
});

describe('templates', () => {
  beforeEach(() => {
    template('welcome-mail', 'Welcome aboard');
    template('password-reset', 'Reset your password');
    template('Welcome-Back', 'We missed you');
  });
  const names = (rows: TemplateRow[]) => rows.map((row) => row.name);

  it('filters names by case-insensitive substring', () => {
    expect(names(store.templates.list(ws, { names: ['WELCOME'] }, BY_ID, FIRST_PAGE).rows)).toEqual([
      'welcome-mail',
      'Welcome-Back',
    ]);
    expect(names(store.templates.list(ws, { names: ['reset', 'back'] }, BY_ID, FIRST_PAGE).rows)).toEqual([
      'password-reset',
      'Welcome-Back',
    ]);
  });

  it('searches the subject or the name', () => {
    expect(names(store.templates.list(ws, { search: ['missed'] }, BY_ID, FIRST_PAGE).rows)).toEqual(['Welcome-Back']);
    expect(names(store.templates.list(ws, { search: ['password'] }, BY_ID, FIRST_PAGE).rows)).toEqual([
      'password-reset',
    ]);
  });

  it('filters by exact uuids', () => {
    const uuidOf = store.templates.findByName(ws, 'password-reset')?.uuid as string;
    expect(names(store.templates.list(ws, { uuids: [uuidOf, 'nope'] }, BY_ID, FIRST_PAGE).rows)).toEqual([
      'password-reset',
    ]);
  });

  describe('lookups by name or uuid (remembered between writes)', () => {
    const row = (name: string, subject: string): NewRow<TemplateRow> => ({
      workspace_id: ws,
      uuid: uuid(),
      name,
      label: null,
      type: 'html',
      subject,
      body: '',
      from_address: null,
      to_json: '[]',
      cc_json: '[]',
      bcc_json: '[]',
      store_mail: 1,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    });

    it('sees an update, an insert after a miss, and a cleared workspace', () => {
      const found = store.templates.findByName(ws, 'welcome-mail') as TemplateRow;
      expect(store.templates.findByUuid(ws, found.uuid)?.subject).toBe('Welcome aboard');
      store.templates.update(found.id, { ...row('welcome-mail', 'Welcome again'), uuid: found.uuid });
      expect(store.templates.findByName(ws, 'welcome-mail')?.subject).toBe('Welcome again');
      expect(store.templates.findByUuid(ws, found.uuid)?.subject).toBe('Welcome again');

      expect(store.templates.existsByNameOrUuid(ws, 'invoice')).toBe(false);
      store.templates.insert(row('invoice', 'Your invoice'));
      expect(store.templates.existsByNameOrUuid(ws, 'invoice')).toBe(true);
      expect(store.templates.existsByNameOrUuid(ws, found.uuid)).toBe(true);

      store.workspaces.clear(ws);
      expect(store.templates.findByName(ws, 'invoice')).toBeUndefined();
      expect(store.templates.existsByNameOrUuid(ws, found.uuid)).toBe(false);
    });

    it('remembers nothing read inside a transaction that is rolled back', () => {
      expect(() =>
        store.transaction(() => {
          store.templates.insert(row('draft', 'Draft'));
          expect(store.templates.findByName(ws, 'draft')?.subject).toBe('Draft');
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(store.templates.findByName(ws, 'draft')).toBeUndefined();
      expect(store.templates.existsByNameOrUuid(ws, 'draft')).toBe(false);
    });

    it('keeps workspaces apart', () => {
      const other = store.ensureWorkspace('other', 1_700_000_000).id;
      expect(store.templates.findByName(other, 'welcome-mail')).toBeUndefined();
      expect(store.templates.findByName(ws, 'welcome-mail')?.name).toBe('welcome-mail');
    });
  });

  it('finds by exact name and updates everything but identity and creation time', () => {
    const row = store.templates.findByName(ws, 'welcome-mail') as TemplateRow;
    expect(store.templates.findByName(ws, 'WELCOME-MAIL')).toBeUndefined();
    store.templates.update(row.id, {
      ...row,
      uuid: 'changed',
      created_at: 1,
      subject: 'New subject',
      updated_at: 1_800_000_000,
    });
    expect(store.templates.findByUuid(ws, row.uuid)).toMatchObject({
      subject: 'New subject',
      created_at: row.created_at,
      updated_at: 1_800_000_000,
    });
  });
});

describe('log items', () => {
  it('filters by transport_message_id through the sends that carry it', () => {
    const first = logItem('First');
    const second = logItem('Second');
    logItem('Unsent');
    send({ transactional_mail_log_item_uuid: first.uuid, transport_message_id: '<a@mail>' });
    send({ transactional_mail_log_item_uuid: second.uuid, transport_message_id: '<b@mail>' });
    const subjects = (ids: string[]) =>
      store.logItems.list(ws, { transportMessageIds: ids }, BY_ID, FIRST_PAGE).rows.map((row) => row.subject);
    expect(subjects(['<a@mail>'])).toEqual(['First']);
    expect(subjects(['<b@mail>', '<a@mail>'])).toEqual(['First', 'Second']);
    expect(subjects(['<c@mail>'])).toEqual([]);
  });

  it('does not match sends of another workspace', () => {
    const item = logItem('Mine');
    const other = store.ensureWorkspace('other', 1).id;
    send({ workspace_id: other, transactional_mail_log_item_uuid: item.uuid, transport_message_id: '<x@mail>' });
    expect(store.logItems.list(ws, { transportMessageIds: ['<x@mail>'] }, BY_ID, FIRST_PAGE).total).toBe(0);
  });

  it('searches the subject', () => {
    logItem('Your invoice');
    logItem('Welcome');
    const { rows, total } = store.logItems.list(ws, { search: ['INVOICE'] }, BY_ID, FIRST_PAGE);
    expect([rows.map((row) => row.subject), total]).toEqual([['Your invoice'], 1]);
  });
});
