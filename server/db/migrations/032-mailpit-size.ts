import type { Migration } from './migration.js';

export const mailpitSize: Migration = {
  version: 32,
  name: "messages.mailpit_size: Mailpit's Size, the raw message with the headers Mailpit adds",
  // Mailpit stores a message with a Return-Path, a Message-ID and a Bcc of the envelope's unnamed recipients added
  // (mail/mailpit-view/raw-view.ts), and its Size counts them: most SMTP mail has no Return-Path, so the list's
  // Size differed from the message's by some 30 bytes. Computed at capture; null for a message stored before,
  // whose Size stays the received size.
  sql: `
      ALTER TABLE messages ADD COLUMN mailpit_size INTEGER;
    `,
};
