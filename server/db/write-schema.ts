/** `npm run db:schema`: rewrites server/db/schema.sql from the migrations (schema-snapshot.ts). */
import { writeFileSync } from 'node:fs';
import { SCHEMA_SQL_PATH, schemaSql } from './schema-snapshot.js';

writeFileSync(SCHEMA_SQL_PATH, schemaSql());
