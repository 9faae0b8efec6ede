/**
 * The app in-process (createApp on an in-memory database without fixtures), for what HTTP cannot show: the
 * registered routes, and the event bus, whose listeners are counted here so that a test can check they are removed.
 */
import { createApp, type App } from '../../server/app.js';
import { parseCli } from '../../server/config.js';
import { createDeps, type AppDeps } from '../../server/deps.js';
import type { EventBus } from '../../server/events.js';
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

/** The app's services (the search indexer among them) without the app. */
export function inProcessDeps(args: string[] = ['--token', 't']): { deps: AppDeps; listening(): number } {
  // Rendering in-process: a worker could not load the TypeScript sources the test runner runs.
  const request = parseCli(['--db', ':memory:', '--no-fixtures', '--render-workers', '0', ...args], {});
  if (request.kind !== 'run') throw new Error('unexpected CLI request');
  const deps = createDeps(request.config, silentLogger);
  // The bus the services already hold (capture's door announces on it, the search indexer listens), with its
  // listeners counted from here on.
  let listening = 0;
  const bus = deps.events;
  const on = bus.on.bind(bus);
  bus.on = ((event, listener) => {
    listening++;
    const off = on(event, listener);
    return () => {
      listening--;
      off();
    };
  }) as EventBus['on'];
  return { deps, listening: () => listening };
}
