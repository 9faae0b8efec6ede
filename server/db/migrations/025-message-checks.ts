import type { Migration } from './migration.js';

export const messageChecks: Migration = {
  version: 25,
  name: 'message_checks: how many problems the checks found in each captured mail (has:problems, the inbox marker)',
  // Issue 28 (README "Mail checks"): the checks run after capture, in the background (search/problem-checker.ts),
  // never on the send path, so a mail has a row here once checked and none before. Every mail gets its row in
  // id order, so the highest message_id here is how far the checks reach (below it every message has a row);
  // deleting a message takes its row with it, which brings that mark down with the messages at the top. Only
  // the count of problems is kept: the report itself is computed again when asked for (the links it resolves
  // against the emulator's records can change). The partial index answers has:problems newest first.
  sql: `
      CREATE TABLE message_checks (
        message_id INTEGER PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
        problems INTEGER NOT NULL CHECK (problems >= 0)
      );
      CREATE INDEX message_checks_with_problems ON message_checks (message_id) WHERE problems > 0;
    `,
};
