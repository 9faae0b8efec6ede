/**
 * The send benchmark's baseline: the least a Hono app can do per accepted mail. One route, POST /mail, reads the
 * JSON body and runs one prepared better-sqlite3 INSERT (WAL, synchronous=NORMAL, as the emulator opens its
 * database), answering 200 {"id"}. Started by send.ts as its own process:
 *
 *   node --import tsx test/bench/baseline-server.ts <database file>
 *
 * It prints "listening on http://127.0.0.1:<port>" once ready (port 0 picks a free one), as the emulator does.
 */
import { serve } from '@hono/node-server';
import { sqliteDriver } from '../../server/db/driver.js';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

const dbPath = process.argv[2];
if (dbPath === undefined) throw new Error('usage: baseline-server.ts <database file>');

const db = new Database(dbPath);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS mails (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL)');
const insert = db.prepare('INSERT INTO mails (body, created_at) VALUES (?, ?)');
const count = db.prepare('SELECT COUNT(*) AS total FROM mails');

const app = new Hono();
app.post('/mail', async (c) => {
  const body = await c.req.text();
  const { lastInsertRowid } = insert.run(body, Date.now());
  return c.json({ id: Number(lastInsertRowid) });
});
app.get('/count', (c) => c.json(count.get()));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`baseline listening on http://127.0.0.1:${info.port}`);
});
const stop = () =>
  server.close(() => {
    db.close();
    process.exit(0);
  });
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
