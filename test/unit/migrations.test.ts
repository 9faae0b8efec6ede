/**
 * openDatabase() and the migrations (server/db/migrations/): a new database at the latest version, an older one
 * brought up to it with its rows as they were, a newer one refused, a failing migration rolled back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDriver } from '../../server/db/driver.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { likeLinear } from '../../server/db/linear-like.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { migrate, openDatabase } from '../../server/db/open.js';
import { createStore } from '../../server/db/store.js';
import { STATUS_CONDITIONS } from '../../server/db/subscribers-store.js';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

const MIGRATION_3_COLUMNS =
  'subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets';
/** What migration 3's view gave for the sample of its test, when it was released. */
const MIGRATION_3_SEARCH_ROWS = [
  {
    id: 1,
    subject: 'Hello world re: v1 2',
    body: 'Text body',
    sender: 'Ann Lee Ann Lee Example com',
    recipients: ' bob tag mail host org Cy cy d x io',
    from_addresses: 'ann.lee@example.com ann.lee example.com Ann Lee',
    to_addresses: 'bob+tag@mail-host.org bob+tag mail-host.org  cy_d@x.io cy_d x.io Cy',
    cc_addresses: null,
    bcc_addresses: null,
    facets: 'w1 t77656C636F6D65',
  },
  {
    id: 2,
    subject: 'Second',
    body: '<b>only html</b>',
    sender: ' bob tag mail host org Cy cy d x io',
    recipients: 'Ann Lee Ann Lee Example com',
    from_addresses: 'bob+tag@mail-host.org bob+tag mail-host.org  cy_d@x.io cy_d x.io Cy',
    to_addresses: 'ann.lee@example.com ann.lee example.com Ann Lee',
    cc_addresses: 'ann.lee@example.com ann.lee example.com Ann Lee',
    bcc_addresses: null,
    facets: 'w1 hasattachment',
  },
  {
    id: 3,
    subject: 'Third',
    body: 'x',
    sender: 'Ann Lee Ann Lee Example com',
    recipients: 'Ann Lee Ann Lee Example com',
    from_addresses: 'ann.lee@example.com ann.lee example.com Ann Lee',
    to_addresses: 'ann.lee@example.com ann.lee example.com Ann Lee',
    cc_addresses: null,
    bcc_addresses: null,
    facets: 'w2',
  },
];

/** An in-memory database as an older emulator left it: migrations 1 to `version` only, with openDatabase()'s settings. */
function databaseAtVersion(version: number): BetterSqlite3.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.pragma('recursive_triggers = ON');
  db.function('like_linear', { deterministic: true }, likeLinear);
  migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version <= version),
  );
  return db;
}

describe('openDatabase and migrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mce-unit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('brings a new database to the latest user_version', () => {
    const db = openDatabase(':memory:');
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
    expect(LATEST).toBe(MIGRATIONS.length);
    db.close();
  });

  it('indexes only the sends that have a campaign, automation mail or subscriber, and still finds them by index', () => {
    const db = openDatabase(':memory:');
    for (const [index, column] of [
      ['sends_campaign', 'campaign_uuid'],
      ['sends_automation_mail', 'automation_mail_uuid'],
      ['sends_subscriber', 'subscriber_uuid'],
    ]) {
      const sql = `SELECT id FROM sends WHERE workspace_id = ? AND ${column} IN (?) ORDER BY sent_at DESC, id DESC LIMIT 15`;
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1, 'a') as Array<{ detail: string }>;
      expect(plan.map((row) => row.detail).join(' | ')).toContain(`INDEX ${index} `);
      expect(db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(index)).toContain(
        `WHERE ${column} IS NOT NULL`,
      );
    }
    db.close();
  });

  it('reopens a file database without re-running migrations and keeps its rows', () => {
    const path = join(dir, 'emulator.sqlite');
    const first = createStore(openDatabase(path));
    const id = first.ensureWorkspace('default', 1).id;
    first.suppressions.insert({
      workspace_id: id,
      uuid: 'u-1',
      email: 'kept@x.com',
      reason: 'manual',
      origin: null,
      created_at: 1,
      updated_at: 1,
    });
    first.close();

    const db = openDatabase(path);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
    const second = createStore(db);
    expect(second.ensureWorkspace('default', 2)).toEqual({ id, created: false });
    expect(second.suppressions.findByEmail(id, 'kept@x.com')?.uuid).toBe('u-1');
    second.close();
  });

  it('runs only the migrations above the current version, each once', () => {
    const db = openDatabase(':memory:');
    const extra = [...MIGRATIONS, { version: LATEST + 1, name: 'extra', sql: 'CREATE TABLE extra (id INTEGER);' }];
    migrate(db, extra);
    migrate(db, extra);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST + 1);
    db.close();
  });

  it('refuses a database written by a newer emulator', () => {
    const path = join(dir, 'newer.sqlite');
    const raw = openDatabase(path);
    raw.pragma(`user_version = ${LATEST + 5}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(`version ${LATEST + 5}`);
  });

  it("keeps the bodies of a version-4 database's log items through migration 5", () => {
    // A database as version 4 left it (migrations 1 to 4 only), with an old log item, then every later migration.
    const db = databaseAtVersion(4);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    db.exec(`INSERT INTO workspaces (key, created_at) VALUES ('old', 1);
      INSERT INTO log_items (workspace_id, uuid, subject, body, created_at, updated_at) VALUES (1, 'old-1', 'S', '<p>old</p>', 1, 1);`);
    migrate(db, MIGRATIONS);
    const migrated = createStore(db);
    expect(migrated.logItems.findByUuid(1, 'old-1')).toMatchObject({ body: '<p>old</p>', body_in_message: 0 });
    migrated.close();
  });

  it("indexes a version-2 database's messages through migration 3 as when it was released", () => {
    // Migration 3 is written out in full (migrations are history): these are the values it gave when it called the
    // SQL helpers and the store's list of search columns, so that neither can change it unnoticed.
    const db = databaseAtVersion(2);
    const insert =
      db.prepare(`INSERT INTO messages (workspace_id, uuid, message_id, envelope_from, envelope_to_json, from_json,
      to_json, cc_json, bcc_json, reply_to_json, subject, text_body, html_body, attachments_json, size, template_name,
      created_at_ms) VALUES (?, ?, 'm', 'a@x.com', '[]', ?, ?, ?, '[]', '[]', ?, ?, ?, ?, 10, ?, ?)`);
    db.exec("INSERT INTO workspaces (key, created_at) VALUES ('one', 1), ('two', 1);");
    const ann = JSON.stringify([{ name: 'Ann Lee', email: 'Ann.Lee@Example.com' }]);
    const bob = JSON.stringify([
      { name: null, email: 'bob+tag@mail-host.org' },
      { name: 'Cy', email: 'cy_d@x.io' },
    ]);
    insert.run(1, 'u-1', ann, bob, '[]', 'Hello-world re: v1.2', 'Text body', '<p>html</p>', '[]', 'Welcome', 2000);
    insert.run(1, 'u-2', bob, ann, ann, 'Second', null, '<b>only-html</b>', '[{"filename":"a.txt"}]', null, 1000);
    insert.run(2, 'u-3', ann, ann, '[]', 'Third', 'x', null, '[]', null, 5000);
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 3),
    );

    expect(
      db.prepare("SELECT workspace_id, total FROM list_totals WHERE list = 'messages' ORDER BY workspace_id").all(),
    ).toEqual([
      { workspace_id: 1, total: 2 },
      { workspace_id: 2, total: 1 },
    ]);
    expect(db.prepare('SELECT workspace_id FROM messages_time_regressions').pluck().all()).toEqual([1]);
    expect(db.prepare('SELECT * FROM messages_search_source ORDER BY id').all()).toEqual(MIGRATION_3_SEARCH_ROWS);
    db.exec(`INSERT INTO messages_search (rowid, ${MIGRATION_3_COLUMNS}) SELECT id, ${MIGRATION_3_COLUMNS} FROM messages_search_source;
      UPDATE messages_search_state SET indexed_through = 3;`);
    const find = db.prepare('SELECT rowid FROM messages_search WHERE messages_search MATCH ? ORDER BY rowid').pluck();
    expect(find.all('"bob+tag@mail-host.org"')).toEqual([1, 2]);
    expect(find.all('facets:hasattachment')).toEqual([2]);
    db.prepare('DELETE FROM messages WHERE id = 2').run();
    expect(find.all('"bob+tag@mail-host.org"')).toEqual([1]);
    expect(db.prepare('SELECT indexed_through FROM messages_search_state').pluck().get()).toBe(3);
    db.prepare('DELETE FROM messages WHERE id = 3').run();
    expect(db.prepare('SELECT indexed_through FROM messages_search_state').pluck().get()).toBe(1);
    db.close();
  });

  it('keeps the per-insert capture-time check on the capture-time index; is:read / is:unread and template usage on their own', () => {
    const db = openDatabase(':memory:');
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ');
    // Run before every insert by migration 3's trigger: a scan of the workspace here makes capturing quadratic.
    expect(plan('SELECT max(created_at_ms) FROM messages WHERE workspace_id = 1')).toMatch(
      /USING COVERING INDEX messages_created_at/,
    );
    expect(plan('SELECT count(*) FROM messages m WHERE m.workspace_id = 1 AND m.read = 0')).toMatch(
      /USING COVERING INDEX messages_unread/,
    );
    expect(plan('SELECT count(*) FROM messages m WHERE m.workspace_id = 1 AND m.read = 1')).toMatch(
      /USING COVERING INDEX messages_read/,
    );
    expect(plan("SELECT count(*), max(id) FROM messages WHERE workspace_id = 1 AND template_name = 'welcome'")).toMatch(
      /USING COVERING INDEX messages_template/,
    );
    // An email list's subscribers by status: each status's partial index (migration 17), not a scan of the list.
    for (const [status, condition] of Object.entries(STATUS_CONDITIONS)) {
      expect(plan(`SELECT count(*) FROM subscribers WHERE email_list_id = 1 AND ${condition}`)).toMatch(
        new RegExp(`USING (COVERING )?INDEX subscribers_list_${status} `),
      );
    }
    db.close();
  });

  it('rolls back a failing migration and leaves user_version where it was', () => {
    const db = openDatabase(':memory:');
    const broken = [
      ...MIGRATIONS,
      { version: LATEST + 1, name: 'broken', sql: 'CREATE TABLE ok (id INTEGER); NOT SQL;' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
    db.close();
  });
});
