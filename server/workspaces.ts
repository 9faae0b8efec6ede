/**
 * Workspaces: every stored row belongs to one. Today every token shares the default workspace; per-token
 * isolation (a later issue) only changes `forToken`. A workspace gets the fixtures when it is first used, and the
 * default one at every start (seeding is idempotent).
 */
import type { Clock } from './clock.js';
import type { Store } from './db/store.js';
import { applyFixtures } from './fixtures/apply.js';
import type { FixtureSet } from './fixtures/load.js';
import { toEpochSeconds } from './http/timestamps.js';
import type { IdGenerator } from './ids.js';

export const DEFAULT_WORKSPACE = 'default';

export interface WorkspaceDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  fixtures: FixtureSet;
}

export function createWorkspaces(deps: WorkspaceDeps) {
  const { id: defaultId } = deps.store.ensureWorkspace(DEFAULT_WORKSPACE, toEpochSeconds(deps.clock()));
  applyFixtures(deps, defaultId, deps.fixtures);
  return {
    defaultId,
    forToken: (_token: string): number => defaultId,
  };
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
