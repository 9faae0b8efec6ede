/**
 * The app in-process (createApp on an in-memory database without fixtures), for what HTTP cannot show: the
 * registered routes, and the event bus, whose listeners are counted here so that a test can check they are removed.
 */
import { createApp, type App } from '../../server/app.js';
import { parseCli } from '../../server/config.js';
import { createDeps, type AppDeps } from '../../server/deps.js';
import { EventBus } from '../../server/events.js';
import { silentLogger } from '../../server/logger.js';

export interface InProcessApp {
  app: App;
  deps: AppDeps;
  /** How many listeners the event bus has right now. */
  listening(): number;
  /** Closes the store. */
  close(): void;
}

/** The app as the CLI would build it from `--db :memory: --no-fixtures` and `args` (by default the token `t`). */
export function inProcessApp(args: string[] = ['--token', 't']): InProcessApp {
  const { deps, listening } = inProcessDeps(args);
  return { app: createApp(deps), deps, listening, close: () => deps.store.close() };
}

/** The app's services without the app (so without the services its routes start, such as the search indexer). */
export function inProcessDeps(args: string[] = ['--token', 't']): { deps: AppDeps; listening(): number } {
  // Rendering in-process: a worker could not load the TypeScript sources the test runner runs.
  const request = parseCli(['--db', ':memory:', '--no-fixtures', '--render-workers', '0', ...args], {});
  if (request.kind !== 'run') throw new Error('unexpected CLI request');
  const deps = createDeps(request.config, silentLogger);
  let listening = 0;
  const bus = new EventBus();
  deps.events = {
    on: (event, listener) => {
      listening++;
      const off = bus.on(event, listener);
      return () => {
        listening--;
        off();
      };
    },
    emit: (event, payload) => bus.emit(event, payload),
  } as EventBus;
  return { deps, listening: () => listening };
}
