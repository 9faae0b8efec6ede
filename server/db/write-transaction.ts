/**
 * Every write transaction on a connection of ours begins IMMEDIATE: it takes the write lock before its first
 * read. Capture workers write on connections of their own (mail/capture/jobs.ts), so a DEFERRED transaction
 * that reads first and writes next (indexing the search backlog, clearing a workspace, deleting messages) found
 * the lock taken or its snapshot outdated when it came to write; SQLite then fails at once with SQLITE_BUSY or
 * SQLITE_BUSY_SNAPSHOT, without its busy handler, since waiting while holding a snapshot could deadlock.
 * `npm run bench` logged exactly that from the background indexer. An IMMEDIATE begin waits for the lock
 * (busy_timeout) before it reads anything, so the work runs on the latest data and commits.
 * Inside another transaction, better-sqlite3 runs it as a savepoint of that one.
 */
import type Database from 'better-sqlite3';

// The connection's type from the driver itself, not open.ts's alias: open.ts runs its migrations through this.
export function writeTransaction<T>(db: Database.Database, work: () => T): T {
  return db.transaction(work).immediate();
}
