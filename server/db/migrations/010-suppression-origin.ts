import type { Migration } from './migration.js';

export const suppressionOrigin: Migration = {
  version: 10,
  name: 'suppressions.origin: why the emulator holds each suppression (fixture, seed, api, bounce, complaint)',
  // Null for the rows already there: the emulator did not know then. Read per row only (no index needed).
  sql: `
      ALTER TABLE suppressions ADD COLUMN origin TEXT;
    `,
};
