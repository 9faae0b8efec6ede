/** Starts the HTTP server for a Config; used by the CLI and by anything embedding the emulator. */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import type { Logger } from './logger.js';

export interface RunningEmulator {
  url: string;
  port: number;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startServer(config: Config, logger: Logger): Promise<RunningEmulator> {
  const deps = createDeps(config, logger);
  const app = createApp(deps);
  const server = await listen(app.fetch, config);
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    deps,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          deps.store.close();
          resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

function listen(fetch: (request: Request) => Response | Promise<Response>, config: Config): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host }, () => resolve(server));
    server.once('error', reject);
  });
}
