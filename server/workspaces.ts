/**
 * Workspaces: every stored row belongs to one. Every token shares the default workspace, unless `isolate` is on:
 * then each distinct token has its own (key `token:<sha256 of the token>`), created on first use. A workspace
 * gets the fixtures the first time this process uses it, and the default one at every start (seeding is
 * idempotent).
 */
import { createHash } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Store } from './db/store.js';
import { applyFixtures } from './fixtures/apply.js';
import type { FixtureSet } from './fixtures/load.js';
import { toEpochSeconds } from './instant.js';
import type { IdGenerator } from './ids.js';
import { applyCliWebhooks, type CliWebhooks } from './webhooks/configurations.js';

const DEFAULT_WORKSPACE = 'default';

export interface WorkspaceDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  /** The fixtures as they are now (`--watch` may load them again). */
  fixtures: () => FixtureSet;
  /** One workspace per token (`--isolate`). */
  isolate?: boolean;
  /** `--webhook`'s configurations, which every workspace gets beside the fixtures'. */
  cliWebhooks?: CliWebhooks;
}

export function createWorkspaces(deps: WorkspaceDeps) {
  /** What a workspace starts with, and what a reset gives back: the fixtures, then --webhook's configurations. */
  const seed = (workspaceId: number) =>
    deps.store.transaction(() => {
      applyFixtures(deps, workspaceId, deps.fixtures());
      applyCliWebhooks(deps, workspaceId, deps.cliWebhooks ?? { urls: [], secret: '' });
    });
  const { id: defaultId } = deps.store.ensureWorkspace(DEFAULT_WORKSPACE, toEpochSeconds(deps.clock()));
  seed(defaultId);
  const byToken = new Map<string, number>();
  return {
    defaultId,
    /** Whether each token has its own workspace. */
    isolated: deps.isolate === true,
    /** The workspaces this process has used: the default one and every token's (with `--isolate`). */
    inUse: (): number[] => [defaultId, ...byToken.values()],
    /** Seeds the workspace (idempotent): its fixtures and --webhook's configurations; a reset runs it after clearing. */
    seed,
    forToken(token: string): number {
      if (deps.isolate !== true) return defaultId;
      let id = byToken.get(token);
      if (id === undefined) {
        id = deps.store.ensureWorkspace(tokenWorkspaceKey(token), toEpochSeconds(deps.clock())).id;
        seed(id);
        byToken.set(token, id);
      }
      return id;
    },
  };
}

/** The key of a token's own workspace: a hash, so that the database never holds the token itself. */
function tokenWorkspaceKey(token: string): string {
  return `token:${createHash('sha256').update(token).digest('hex')}`;
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
