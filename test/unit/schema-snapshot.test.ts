/**
 * server/db/schema.sql is the schema the migrations build (server/db/schema-snapshot.ts): a migration added or
 * changed without `npm run db:schema` fails here, so the snapshot a reader trusts never lags the code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_SQL_PATH, schemaSql } from '../../server/db/schema-snapshot.js';

describe('server/db/schema.sql', () => {
  it('is what the migrations build (run `npm run db:schema` after adding one)', () => {
    expect(readFileSync(SCHEMA_SQL_PATH, 'utf8')).toBe(schemaSql());
  });
});
