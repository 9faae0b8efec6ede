/** Everything the app needs, built once and passed in: no module-level state anywhere else. */
import { controllableClock, isFixedClockSpec, parseClockSpec, type Clock, type ControllableClock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase } from './db/open.js';
import { createStore, type Store } from './db/store.js';
import { createFaultRules, loadFaultFile, type FaultRules } from './faults/fault-rules.js';
import { MAILPIT_INDEX_STEPS, startSearchIndexer, type SearchIndexer } from './search/indexer.js';
import { startProblemChecker, type ProblemChecker } from './search/problem-checker.js';
import { createSearchWorker, type SearchWorker } from './search/worker.js';
import { EventBus } from './events.js';
import { type Capture, openCapture } from './mail/capture/index.js';
import { EMPTY_FIXTURES, loadFixtures, type FixtureProblem, type FixtureSet } from './fixtures/load.js';
import { parseFixtureIdSpec, parseIdSpec, type IdGenerator } from './ids.js';
import type { Logger } from './logger.js';
import { parseRandomSpec, type RandomSource } from './random.js';
import { createWebhookDelivery, type WebhookDelivery } from './webhooks/delivery.js';
import { createWorkspaces, type Workspaces } from './workspaces.js';

type AppOptions = Pick<
  Config,
  | 'tokens'
  | 'anyToken'
  | 'alwaysJson'
  | 'rateLimit'
  | 'allowSpamComplaintDeletion'
  | 'mailers'
  | 'maxBodyBytes'
  | 'host'
  | 'uiToken'
  | 'allowedHosts'
  | 'renderWorkers'
  | 'webhooks'
  | 'webhookSecret'
  | 'webhookRetries'
  | 'checkLinks'
>;

export interface AppDeps {
  store: Store;
  /** Reads the time: always `clockControl.now`, so that tests can freeze and advance it through the API. */
  clock: Clock;
  clockControl: ControllableClock;
  events: EventBus;
  ids: IdGenerator;
  /** Starts `ids`, and the fixtures' own sequence, again from their first values (a reset with `--ids sequential`). */
  restartIds(): void;
  /** Where fault probabilities draw from. */
  random: RandomSource;
  /** Fault rules per workspace (faults/fault-rules.ts). */
  faults: FaultRules;
  logger: Logger;
  options: AppOptions;
  /** The fixtures as last loaded; `--watch` replaces them when their files change (fixtures/watch.ts). */
  fixtures: FixtureSet;
  workspaces: Workspaces;
  /** The one door every captured mail comes in by, rendered and stored in-process or on worker threads (mail/capture/). */
  capture: Capture;
  /** Where the fixtures come from, whether `--watch` follows them, and its last reload's problems. */
  fixtureStatus: FixtureStatus;
  /** Runs the searches of what clients wrote (inbox words, the log's filter[search]) off this thread when it can. */
  searchWorker: SearchWorker;
  /** Keeps the inbox's search index up with the captures (search/indexer.ts); stopped before the store closes. */
  searchIndexer: SearchIndexer;
  /** Keeps Mailpit's trigram index up with the captures once the Mailpit surface was searched (migration 31). */
  mailpitSearchIndexer: SearchIndexer;
  /** Counts each captured mail's problems after capture (has:problems, the inbox's marker). */
  problemChecker: ProblemChecker;
  /** Sends Mailcoach's webhook calls after the work that queued them (webhooks/delivery.ts); stopped before the store closes. */
  webhookDelivery: WebhookDelivery;
  /** Where the SMTP intake listens, once it does (server.ts fills it in): the settings show it to whoever connects an app. */
  smtpListening: SmtpListening;
}

interface SmtpListening {
  /** The plain port (STARTTLS when offered), or null: `--smtp-port off`. */
  port: number | null;
  /** The implicit-TLS port (`--smtps-port`), or null. */
  smtpsPort: number | null;
  /** STARTTLS is offered on `port` (--smtp-starttls). */
  starttls: boolean;
}

interface FixtureStatus {
  directory: string | null;
  watching: boolean;
  problems: FixtureProblem[];
  /** Epoch ms of the last reload attempt; null before any. */
  reloadedAt: number | null;
}

/** Opens the database, loads and applies the fixtures. Throws (FixtureError, Error) on anything invalid. */
export function createDeps(config: Config, logger: Logger): AppDeps {
  const events = new EventBus();
  const clockControl = controllableClock(
    parseClockSpec(config.clock),
    isFixedClockSpec(config.clock),
    ({ now, frozen }) => events.emit('clock.changed', { now: now.toISOString(), frozen }),
  );
  const clock = clockControl.now;
  let idSource = parseIdSpec(config.ids);
  const ids: IdGenerator = () => idSource();
  let fixtureIdSource = parseFixtureIdSpec(config.ids);
  const fixtureIds: IdGenerator = () => fixtureIdSource();
  const restartIds = () => {
    idSource = parseIdSpec(config.ids);
    fixtureIdSource = parseFixtureIdSpec(config.ids);
  };
  const faults = createFaultRules(loadFaultFile(config.faultsFile), (workspaceId) =>
    events.emit('faults.changed', { workspaceId }),
  );
  const fixtures = config.fixturesDir === null ? EMPTY_FIXTURES : loadFixtures(config.fixturesDir);
  const store = createStore(openDatabase(config.dbPath));
  try {
    const holder = { fixtures };
    const workspaces = createWorkspaces({
      store,
      clock,
      ids: fixtureIds,
      fixtures: () => holder.fixtures,
      isolate: config.isolate,
      cliWebhooks: { urls: config.webhooks, secret: config.webhookSecret },
    });
    const random = parseRandomSpec(config.random);
    const capture = openCapture({
      workers: config.renderWorkers,
      store,
      databaseFile: store.file,
      events,
    });
    const deps: AppDeps = {
      store,
      clock,
      clockControl,
      events,
      ids,
      restartIds,
      random,
      faults,
      logger,
      options: config,
      get fixtures() {
        return holder.fixtures;
      },
      set fixtures(next: FixtureSet) {
        holder.fixtures = next;
      },
      workspaces,
      capture,
      // With render workers, so that `--render-workers 0` (and startEmulator()'s default) keeps everything here.
      searchWorker: createSearchWorker({ store, databaseFile: store.file, enabled: config.renderWorkers > 0 }),
      fixtureStatus: { directory: config.fixturesDir, watching: false, problems: [], reloadedAt: null },
      searchIndexer: startSearchIndexer({ store, events, logger }),
      mailpitSearchIndexer: startSearchIndexer({
        store,
        events,
        logger,
        index: store.mailpit.searchIndex,
        steps: MAILPIT_INDEX_STEPS,
      }),
      problemChecker: startProblemChecker({ store, events, logger, capture }),
      smtpListening: { port: null, smtpsPort: null, starttls: false },
      webhookDelivery: createWebhookDelivery({
        store,
        clock,
        clockFrozen: () => clockControl.state().frozen,
        events,
        ids,
        logger,
        retries: config.webhookRetries,
      }),
    };
    return deps;
  } catch (error) {
    store.close();
    throw error;
  }
}
