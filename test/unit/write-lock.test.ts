/**
 * Write transactions begin IMMEDIATE (server/db/write-transaction.ts): capture workers write on connections of
 * their own, and a DEFERRED transaction that read first failed at once with SQLITE_BUSY when it came to write
 * while one of them held the lock (`npm run bench` logged it from the background indexer). Here another thread
 * holds the write lock for a moment, and each main-connection write that reads first must wait for it, then land.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { driverModulePath } from '../../server/db/driver.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.js';
import { createStore, type Store } from '../../server/db/store.js';
import { parseSearchQuery } from '../../server/search/query.js';
import { plainMessage } from '../support/stored-message.js';

const LOCK_HELD_MS = 150;

let dir: string;
let store: Store;
let ws: number;
let next = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mce-write-lock-'));
  store = createStore(openDatabase(join(dir, 'db.sqlite')));
  ws = store.ensureWorkspace('default', 1_700_000_000).id;
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function capture(): void {
  next++;
  store.messages.insert(plainMessage(ws, next));
}

/**
 * Another thread takes the write lock, as a capture worker's commit does, writes a row, and commits after
 * LOCK_HELD_MS. Resolves once the lock is held; `released` resolves after its commit.
 */
async function lockedByAnotherThread(): Promise<{ released: Promise<void> }> {
  const betterSqlite3 = driverModulePath();
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.betterSqlite3);
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     db.prepare("INSERT INTO workspaces (key, created_at) VALUES ('other', 1)").run();
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { betterSqlite3, file: join(dir, 'db.sqlite'), holdMs: LOCK_HELD_MS } },
  );
  const released = new Promise<void>((resolve, reject) => worker.once('exit', () => resolve()).once('error', reject));
  await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
  return { released };
}

describe('write transactions on the main connection while another connection holds the write lock', () => {
  it('indexing the search backlog waits for the lock, then indexes', async () => {
    capture();
    capture();
    const { released } = await lockedByAnotherThread();
    expect(store.messages.indexPending({ messages: 1, chars: 1_000_000 })).toBe(1);
    expect(store.messages.indexPending()).toBe(1);
    await released;
    expect(store.messages.indexedThrough()).toBe(2);
  });

  it('deleting the messages a search matches waits for the lock, then deletes', async () => {
    capture();
    capture();
    const { released } = await lockedByAnotherThread();
    expect(store.messages.deleteMatching(ws, parseSearchQuery('hello')).sort()).toEqual([`m-${next - 1}`, `m-${next}`]);
    await released;
    expect(store.messages.count(ws)).toBe(0);
  });

  it('clearing a workspace waits for the lock, then clears', async () => {
    capture();
    const { released } = await lockedByAnotherThread();
    store.workspaces.clear(ws);
    await released;
    expect(store.messages.count(ws)).toBe(0);
  });

  it('a transaction that reads before it writes waits for the lock, and reads what the other connection wrote', async () => {
    const { released } = await lockedByAnotherThread();
    const workspaces = store.transaction(() => {
      const seen = store.ensureWorkspace('other', 2);
      store.ensureWorkspace('third', 3);
      return seen;
    });
    await released;
    // The lock was taken before the first read: the other thread's workspace was already there.
    expect(workspaces.created).toBe(false);
  });
});
