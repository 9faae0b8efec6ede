/** SQL about whole workspaces: how many there are, and clearing one (POST /_emulator/reset). */
import type { Db } from './open.js';
import { writeTransaction } from './write-transaction.js';

/**
 * Tables cleared first, in this order: rows that refer to other workspace rows go before what they refer to
 * (a log item's message_id would otherwise be set to null row by row just before the log item goes).
 */
const FIRST = ['log_items', 'sends'];
/** Kept by triggers as rows come and go; clearing the tables brings its counts to 0 exactly. */
const DERIVED = new Set(['list_totals']);

/**
 * `clearMessages` deletes a workspace's captured messages the fast way (messages-store.ts deleteAll: a large
 * share empties the search index instead of removing each message from it, ~100 us a message); the generic
 * DELETE then finds none left.
 */
export function createWorkspaceStore(db: Db, clearMessages: (workspaceId: number) => void) {
  const count = db.prepare('SELECT COUNT(*) AS n FROM workspaces').pluck();
  const tablesWithWorkspace = db
    .prepare(
      `SELECT m.name FROM sqlite_schema m JOIN pragma_table_info(m.name) p ON p.name = 'workspace_id'
       WHERE m.type = 'table' AND m.sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND m.name NOT LIKE 'sqlite_%'`,
    )
    .pluck();

  return {
    count: () => count.get() as number,

    /**
     * Deletes every row of the workspace, in every table that has a workspace_id (found in the schema, so that
     * tables added by later migrations are cleared too), in one transaction. Rows hanging off those (raw
     * messages, attachments) go by their ON DELETE CASCADE; the delete triggers keep list_totals and the search
     * indexes exact. The workspace itself stays, with its id.
     */
    clear(workspaceId: number): void {
      writeTransaction(db, () => {
        const tables = (tablesWithWorkspace.all() as string[]).filter((name) => !DERIVED.has(name));
        const clearTable = (table: string) =>
          db.prepare(`DELETE FROM "${table}" WHERE workspace_id = ?`).run(workspaceId);
        for (const table of FIRST.filter((name) => tables.includes(name))) clearTable(table);
        clearMessages(workspaceId);
        for (const table of tables.filter((name) => !FIRST.includes(name))) clearTable(table);
      });
    },
  };
}
