import type { Migration } from './migration.js';

export const sendFeedback: Migration = {
  version: 11,
  name: "send_feedback: the bounces and complaints simulated on a send, which the web UI's sends page shows",
  // Mailcoach keeps such feedback in its own table too (SendFeedbackItem); the API shows none of it here
  // (decisions.md "Send fields"), so it is read by /_emulator only. Deleted with its send.
  sql: `
      CREATE TABLE send_feedback (
        id INTEGER PRIMARY KEY,
        send_id INTEGER NOT NULL REFERENCES sends(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX send_feedback_send ON send_feedback (send_id, id);
    `,
};
