/** server/db/driver.ts: which better-sqlite3 line each Node gets, and that the one for this Node opens a database. */
import { describe, expect, it } from 'vitest';
import { driverModulePath, driverPackage, sqliteDriver } from '../../server/db/driver.js';

describe('the SQLite driver', () => {
  it('is better-sqlite3 12 on Node 20 and 13 (better-sqlite3-node22) from Node 22', () => {
    expect(['20.19.0', '20.20.2'].map((version) => driverPackage(version))).toEqual([
      'better-sqlite3',
      'better-sqlite3',
    ]);
    expect(['22.12.0', '24.21.0', '26.10.0'].map((version) => driverPackage(version))).toEqual([
      'better-sqlite3-node22',
      'better-sqlite3-node22',
      'better-sqlite3-node22',
    ]);
  });

  it("loads the running Node's line, which the workers resolve to the same module", () => {
    const Database = sqliteDriver();
    const db = new Database(':memory:');
    try {
      expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    } finally {
      db.close();
    }
    expect(driverModulePath()).toContain(`/node_modules/${driverPackage()}/`);
  });
});
