/**
 * Migrations 20 and 21: a subscriber's Sends go with it (a trigger: Sends name their subscriber by uuid), and ids
 * are never given out again (AUTOINCREMENT, added by rebuilding the tables with foreign keys off). The final schema
 * is pinned here: which tables count their ids, and that the rebuild kept every row, index, trigger and statistic.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../server/db/driver.js';
import { likeLinear } from '../../server/db/linear-like.js';
import { MIGRATIONS, type Migration } from '../../server/db/migrations/index.js';
import { migrate, openDatabase } from '../../server/db/open.js';

const Database = sqliteDriver();

/** The tables whose ids are never given out again (migration 21). */
const COUNTED = [
  'automations',
  'campaign_links',
  'campaign_templates',
  'campaigns',
  'email_lists',
  'segments',
  'sends',
  'subscriber_imports',
  'subscribers',
  'tags',
  'webhook_attempts',
  'webhook_calls',
  'webhook_configurations',
];

/** An in-memory database with migrations 1 to `version` only, with openDatabase()'s settings. */
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

/** A version-20 audience: a list with two tagged subscribers, a segment, a template, a campaign sent to both with feedback, a click and an unsubscribe. */
function seedAudience(db: BetterSqlite3.Database): void {
  db.exec(`
    INSERT INTO workspaces (key, created_at) VALUES ('default', 1);
    INSERT INTO email_lists (workspace_id, uuid, name, created_at, updated_at) VALUES (1, 'list-1', 'News', 1, 1), (1, 'list-2', 'Other', 1, 1);
    INSERT INTO subscribers (workspace_id, email_list_id, uuid, email, subscribed_at, created_at, updated_at)
      VALUES (1, 1, 'sub-1', 'jane@acme.test', 1, 1, 1), (1, 1, 'sub-2', 'bob@acme.test', 1, 2, 2), (1, 2, 'sub-3', 'carol@acme.test', NULL, 3, 3);
    INSERT INTO tags (workspace_id, email_list_id, uuid, name, created_at, updated_at) VALUES (1, 1, 'tag-1', 'vip', 1, 1), (1, 1, 'tag-2', 'new', 1, 1);
    INSERT INTO subscriber_tags (subscriber_id, tag_id) VALUES (1, 1), (1, 2), (2, 2);
    INSERT INTO segments (workspace_id, email_list_id, uuid, name, stored_conditions, created_at, updated_at)
      VALUES (1, 1, 'seg-1', 'VIPs', '[{"operator":"in","tagIds":[1]}]', 1, 1);
    INSERT INTO campaign_templates (workspace_id, uuid, name, html, created_at, updated_at) VALUES (1, 'tpl-1', 'T', '[[[content]]]', 1, 1);
    INSERT INTO campaigns (workspace_id, uuid, name, email_list_id, status, segment_class, segment_id, template_id, created_at, updated_at)
      VALUES (1, 'camp-1', 'March', 1, 'sent', 'x', 1, 1, 1, 1);
    INSERT INTO sends (workspace_id, uuid, campaign_uuid, subscriber_uuid, sent_at, created_at, updated_at)
      VALUES (1, 'send-1', 'camp-1', 'sub-1', 1, 1, 1), (1, 'send-2', 'camp-1', 'sub-2', 1, 1, 1), (1, 'send-3', NULL, NULL, 1, 1, 1);
    INSERT INTO send_feedback (send_id, type, created_at) VALUES (1, 'bounce', 1);
    INSERT INTO campaign_links (workspace_id, campaign_id, uuid, url, created_at) VALUES (1, 1, 'link-1', 'https://acme.test', 1);
    INSERT INTO campaign_clicks (workspace_id, link_id, send_id, uuid, subscriber_uuid, created_at) VALUES (1, 1, 1, 'click-1', 'sub-1', 1), (1, 1, 2, 'click-2', 'sub-2', 1);
    INSERT INTO campaign_unsubscribes (workspace_id, campaign_id, subscriber_id, created_at) VALUES (1, 1, 1, 1);
    INSERT INTO automations (workspace_id, uuid, name, email_list_id, segment_id, created_at, updated_at) VALUES (1, 'auto-1', 'A', 1, 1, 1, 1);
    INSERT INTO automation_triggers (workspace_id, automation_id, subscriber_uuid, entered, created_at) VALUES (1, 1, 'sub-1', 1, 1);
    INSERT INTO subscriber_imports (workspace_id, uuid, email_list_id, created_at, updated_at) VALUES (1, 'imp-1', 1, 1, 1);
  `);
}

const userTables = (db: BetterSqlite3.Database) =>
  db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
    )
    .pluck()
    .all() as string[];

/** Every row of every table, in the order of its columns. */
function allRows(db: BetterSqlite3.Database): Record<string, unknown[]> {
  return Object.fromEntries(
    userTables(db).map((table) => {
      const columns = db.prepare('SELECT COUNT(*) FROM pragma_table_info(?)').pluck().get(table) as number;
      const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
      return [table, db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).all()];
    }),
  );
}

/** The indexes and triggers, by name, their SQL with whitespace made uniform. */
function indexesAndTriggers(db: BetterSqlite3.Database): Record<string, string> {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') AND sql IS NOT NULL")
    .all() as Array<{ name: string; sql: string }>;
  return Object.fromEntries(rows.map((row) => [row.name, row.sql.replace(/\s+/g, ' ')]));
}

const stat1 = (db: BetterSqlite3.Database) =>
  db.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all();

describe('the final schema', () => {
  it('counts ids (AUTOINCREMENT) on every table whose ids other rows keep; the rest are workspaces and captured mail', () => {
    const db = openDatabase(':memory:');
    const counted = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' ORDER BY name")
      .pluck()
      .all();
    expect(counted).toEqual(COUNTED);
    // Every table a foreign key points at is counted, except workspaces (never deleted) and messages, whose rows
    // that keep a message id (its raw bytes, attachments, a log item's message_id) go or are cleared with it, and
    // whose search-index mark is written for ids that may come again (migration 3); and message_tag_names, whose
    // only keepers (message_tags) go with the name (migration 26), and whose ids no answer shows.
    const parents = db
      .prepare(
        `SELECT DISTINCT f."table" FROM sqlite_schema m JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table' ORDER BY 1`,
      )
      .pluck()
      .all() as string[];
    expect(parents.filter((table) => !COUNTED.includes(table))).toEqual([
      'message_tag_names',
      'messages',
      'workspaces',
    ]);
    db.close();
  });

  it("keeps a subscriber's Sends findable by its uuid for the cascade, and the cascades' children by index", () => {
    const db = openDatabase(':memory:');
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ');
    expect(plan("DELETE FROM sends WHERE workspace_id = 1 AND subscriber_uuid = 'x'")).toMatch(
      /SEARCH sends USING COVERING INDEX sends_subscriber/,
    );
    expect(plan('DELETE FROM campaign_clicks WHERE send_id = 1')).toMatch(/USING COVERING INDEX campaign_clicks_send/);
    expect(plan('DELETE FROM campaign_unsubscribes WHERE subscriber_id = 1')).toMatch(
      /USING COVERING INDEX campaign_unsubscribes_subscriber/,
    );
    db.close();
  });
});

describe("migration 20: a subscriber's Sends go with it", () => {
  it('deletes its Sends, their feedback and clicks, and its unsubscribes; also for the subscribers a deleted list takes', () => {
    const db = databaseAtVersion(20);
    seedAudience(db);
    db.prepare('DELETE FROM subscribers WHERE id = 1').run();
    expect(db.prepare('SELECT uuid FROM sends ORDER BY id').pluck().all()).toEqual(['send-2', 'send-3']);
    expect(db.prepare('SELECT COUNT(*) FROM send_feedback').pluck().get()).toBe(0);
    expect(db.prepare('SELECT uuid FROM campaign_clicks').pluck().all()).toEqual(['click-2']);
    expect(db.prepare('SELECT COUNT(*) FROM campaign_unsubscribes').pluck().get()).toBe(0);
    expect(db.prepare("SELECT total FROM list_totals WHERE list = 'sends'").pluck().get()).toBe(2);

    db.prepare('DELETE FROM email_lists WHERE id = 1').run();
    expect(db.prepare('SELECT uuid FROM sends').pluck().all()).toEqual(['send-3']);
    expect(db.prepare('SELECT uuid FROM subscribers').pluck().all()).toEqual(['sub-3']);
    expect(db.prepare('SELECT email_list_id, segment_id FROM campaigns').get()).toEqual({
      email_list_id: null,
      segment_id: null,
    });
    expect(db.prepare("SELECT total FROM list_totals WHERE list = 'sends'").pluck().get()).toBe(1);
    db.close();
  });

  it('leaves a Send whose subscriber_uuid names no subscriber (fixtures may give any)', () => {
    const db = databaseAtVersion(20);
    seedAudience(db);
    db.exec(
      "INSERT INTO sends (workspace_id, uuid, subscriber_uuid, created_at, updated_at) VALUES (1, 'send-x', 'nobody', 1, 1)",
    );
    db.prepare('DELETE FROM subscribers WHERE id = 2').run();
    expect(db.prepare('SELECT uuid FROM sends ORDER BY id').pluck().all()).toEqual(['send-1', 'send-3', 'send-x']);
    db.close();
  });
});

describe('migration 21: ids are never given out again', () => {
  it('keeps every row and id, every index, trigger and planner statistic of a version-20 database, and cascades nothing', () => {
    const db = databaseAtVersion(20);
    seedAudience(db);
    const rows = allRows(db);
    const schema = indexesAndTriggers(db);
    const stats = stat1(db);
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 21),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(21);
    expect(allRows(db)).toEqual(rows);
    expect(indexesAndTriggers(db)).toEqual(schema);
    expect(stat1(db)).toEqual(stats);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // The foreign keys still act on the rebuilt tables: a list's deletion cascades and sets null as before.
    db.prepare('DELETE FROM email_lists WHERE id = 1').run();
    expect(db.prepare('SELECT COUNT(*) FROM subscriber_tags').pluck().get()).toBe(0);
    expect(db.prepare('SELECT uuid FROM sends').pluck().all()).toEqual(['send-3']);
    expect(db.prepare('SELECT email_list_id, segment_id, template_id FROM campaigns').get()).toEqual({
      email_list_id: null,
      segment_id: null,
      template_id: 1,
    });
    expect(db.prepare('SELECT email_list_id, segment_id FROM automations').get()).toEqual({
      email_list_id: null,
      segment_id: null,
    });
    db.close();
  });

  it('gives the next row of each table an id above every id it ever gave, also after the newest row is deleted', () => {
    const db = databaseAtVersion(21);
    seedAudience(db);
    db.exec(`
      DELETE FROM campaign_templates WHERE id = 1;
      DELETE FROM tags WHERE id = 2;
      DELETE FROM subscribers WHERE id = 3;
      DELETE FROM campaigns;
      INSERT INTO campaign_templates (workspace_id, uuid, name, html, created_at, updated_at) VALUES (1, 'tpl-2', 'T2', '', 2, 2);
      INSERT INTO tags (workspace_id, email_list_id, uuid, name, created_at, updated_at) VALUES (1, 1, 'tag-3', 'later', 2, 2);
      INSERT INTO subscribers (workspace_id, email_list_id, uuid, email, created_at, updated_at) VALUES (1, 2, 'sub-4', 'dan@acme.test', 4, 4);
      INSERT INTO campaigns (workspace_id, uuid, name, segment_class, created_at, updated_at) VALUES (1, 'camp-2', 'April', 'x', 2, 2);
    `);
    const idOf = (table: string, uuid: string) =>
      db.prepare(`SELECT id FROM ${table} WHERE uuid = ?`).pluck().get(uuid);
    expect([
      idOf('campaign_templates', 'tpl-2'),
      idOf('tags', 'tag-3'),
      idOf('subscribers', 'sub-4'),
      idOf('campaigns', 'camp-2'),
    ]).toEqual([2, 3, 4, 2]);
    db.close();
  });

  it('starts the template and tag counters above the ids a campaign or a segment still holds of deleted rows', () => {
    const db = databaseAtVersion(20);
    seedAudience(db);
    // As version 20 left them: template 7 and tag 9 were deleted while a campaign and a segment kept their ids.
    db.exec(`
      UPDATE campaigns SET template_id = 7;
      UPDATE segments SET stored_conditions = '[{"operator":"in","tagIds":[1,9]},{"operator":"none","tagIds":[2]}]';
      INSERT INTO segments (workspace_id, email_list_id, uuid, name, stored_conditions, created_at, updated_at) VALUES (1, 1, 'seg-2', 'odd', 'not json', 1, 1);
    `);
    migrate(db, MIGRATIONS);
    db.exec(`
      INSERT INTO campaign_templates (workspace_id, uuid, name, html, created_at, updated_at) VALUES (1, 'tpl-new', 'N', '', 2, 2);
      INSERT INTO tags (workspace_id, email_list_id, uuid, name, created_at, updated_at) VALUES (1, 1, 'tag-new', 'later', 2, 2);
      INSERT INTO email_lists (workspace_id, uuid, name, created_at, updated_at) VALUES (1, 'list-new', 'N', 2, 2);
    `);
    const idOf = (table: string, uuid: string) =>
      db.prepare(`SELECT id FROM ${table} WHERE uuid = ?`).pluck().get(uuid);
    expect([idOf('campaign_templates', 'tpl-new'), idOf('tags', 'tag-new'), idOf('email_lists', 'list-new')]).toEqual([
      8, 10, 3,
    ]);
    db.close();
  });

  it('migrates an empty database, and its first rows get id 1', () => {
    const db = databaseAtVersion(20);
    migrate(db, MIGRATIONS);
    db.exec(`INSERT INTO workspaces (key, created_at) VALUES ('default', 1);
      INSERT INTO campaign_templates (workspace_id, uuid, name, html, created_at, updated_at) VALUES (1, 't', 'T', '', 1, 1);
      INSERT INTO email_lists (workspace_id, uuid, name, created_at, updated_at) VALUES (1, 'l', 'L', 1, 1);
      INSERT INTO tags (workspace_id, email_list_id, uuid, name, created_at, updated_at) VALUES (1, 1, 'g', 'vip', 1, 1);`);
    expect(
      db
        .prepare('SELECT (SELECT id FROM campaign_templates), (SELECT id FROM email_lists), (SELECT id FROM tags)')
        .raw()
        .get(),
    ).toEqual([1, 1, 1]);
    db.close();
  });
});

describe('migrate(): a migration that rebuilds tables', () => {
  const broken: Migration = {
    version: MIGRATIONS.length + 1,
    name: 'replaces a parent table by an empty one',
    rebuildsTables: true,
    sql: 'CREATE TABLE email_lists_empty (id INTEGER PRIMARY KEY, name TEXT); DROP TABLE email_lists; ALTER TABLE email_lists_empty RENAME TO email_lists;',
  };

  it('rolls back when a row would point nowhere, and turns foreign keys back on', () => {
    const db = databaseAtVersion(MIGRATIONS.length);
    seedAudience(db);
    const rows = allRows(db);
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow(
      /rows whose parent is missing \(first: \w+ -> email_lists\)/,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(allRows(db)).toEqual(rows);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('leaves foreign keys off on a connection that had them off', () => {
    const db = databaseAtVersion(20);
    db.pragma('foreign_keys = OFF');
    migrate(db, MIGRATIONS);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(0);
    db.close();
  });

  it('refuses to run inside a transaction, where foreign keys cannot be turned off', () => {
    const db = databaseAtVersion(20);
    db.exec('BEGIN');
    expect(() => migrate(db, MIGRATIONS)).toThrow('migration 21 rebuilds tables and cannot run inside a transaction');
    db.exec('ROLLBACK');
    expect(db.pragma('user_version', { simple: true })).toBe(20);
    db.close();
  });
});
