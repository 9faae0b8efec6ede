/** Everything the app needs, built once and passed in: no module-level state anywhere else. */
import { controllableClock, parseClockSpec, type Clock, type ControllableClock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase } from './db/open.js';
import { createStore, type Store } from './db/store.js';
import { EventBus } from './events.js';
import { EMPTY_FIXTURES, loadFixtures, type FixtureSet } from './fixtures/load.js';
import { parseIdSpec, type IdGenerator } from './ids.js';
import type { Logger } from './logger.js';
import { createWorkspaces, type Workspaces } from './workspaces.js';

export type AppOptions = Pick<
  Config,
  'tokens' | 'anyToken' | 'alwaysJson' | 'rateLimit' | 'allowSpamComplaintDeletion' | 'mailers' | 'maxBodyBytes'
>;

export interface AppDeps {
  store: Store;
  /** Reads the time: always `clockControl.now`, so that tests can freeze and advance it through the API. */
  clock: Clock;
  clockControl: ControllableClock;
  events: EventBus;
  ids: IdGenerator;
  logger: Logger;
  options: AppOptions;
  fixtures: FixtureSet;
  workspaces: Workspaces;
}

/** Opens the database, loads and applies the fixtures. Throws (FixtureError, Error) on anything invalid. */
export function createDeps(config: Config, logger: Logger): AppDeps {
  const clockControl = controllableClock(parseClockSpec(config.clock));
  const clock = clockControl.now;
  const ids = parseIdSpec(config.ids);
  const fixtures = config.fixturesDir === null ? EMPTY_FIXTURES : loadFixtures(config.fixturesDir);
  const store = createStore(openDatabase(config.dbPath));
  try {
    const workspaces = createWorkspaces({ store, clock, ids, fixtures });
    return { store, clock, clockControl, events: new EventBus(), ids, logger, options: config, fixtures, workspaces };
  } catch (error) {
    store.close();
    throw error;
  }
}
