/**
 * Starts the emulator for a Config: the HTTP(S) listeners, the SMTP intake (smtp/start.ts), the campaign scheduler,
 * the webhook forwarding and the fixtures' watcher, and closes them in order. Used by the CLI and by anything
 * embedding the emulator.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { forwardMailcoachEventsToWebhooks } from './mailcoach/webhook-payloads.js';
import type { Config } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import type { Logger } from './logger.js';
import { startCampaignScheduler, type CampaignScheduler } from './campaigns/scheduler.js';
import { systemClock } from './clock.js';
import { watchFixtures } from './fixtures/watch.js';
import { loadOrCreateCertificate } from './tls.js';
import { tokenNeeded } from './http/local-surface.js';
import { type SmtpListeners, startSmtp } from './smtp/start.js';
import { serveMailpitEvents } from './mailpit/events-socket.js';

export interface RunningEmulator {
  url: string;
  port: number;
  /** The HTTPS listener, when one was asked for. */
  https: { url: string; port: number; certPath: string } | null;
  /** The SMTP intake (server/smtp/), unless `--smtp-port off`. */
  smtp: { port: number; starttls: boolean; authRequired: boolean } | null;
  /** The implicit-TLS SMTP port (`--smtps-port`), or null. */
  smtps: { port: number } | null;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startServer(config: Config, logger: Logger): Promise<RunningEmulator> {
  const deps = createDeps(config, logger);
  const app = createApp(deps);
  // Mailcoach events become webhook calls only in a running server: one listener per deps.
  const stopForwarding = forwardMailcoachEventsToWebhooks(deps);
  const servers: ServerType[] = [];
  const watcher = config.watch && config.fixturesDir !== null ? watchFixtures(deps, config.fixturesDir) : null;
  let scheduler: CampaignScheduler | null = null;
  let smtpListeners: SmtpListeners = { smtp: null, smtps: null };
  // Mailpit's websocket (/api/events) on every listener's upgrade: its clients are closed before the servers,
  // which would otherwise wait for them.
  const mailpitEvents = serveMailpitEvents(deps);
  const close = async () => {
    watcher?.close();
    mailpitEvents.close();
    stopForwarding();
    await scheduler?.stop();
    // Before the store closes: the messages the SMTP listener has received in full are stored first.
    await Promise.all([smtpListeners.smtp?.close(), smtpListeners.smtps?.close()]);
    return closeAll(servers, deps);
  };
  try {
    servers.push(await listen({ fetch: app.fetch, port: config.port, hostname: config.host }));
    servers[0]?.on('upgrade', mailpitEvents.upgrade);
    // Scheduled campaigns' mails link to this listener (no request gives a URL then).
    const linkHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    scheduler = startCampaignScheduler(deps, urlOf('http', linkHost, servers[0] as ServerType));
    let https: RunningEmulator['https'] = null;
    if (config.httpsPort !== null) {
      // The real time, not the emulator's clock: clients check a certificate's validity against their own clock, so
      // one made under `--clock fixed:2025-...` would expire for them on the real date (the HTTPS tests' did).
      const tls = await loadOrCreateCertificate({
        certFile: config.tlsCert,
        keyFile: config.tlsKey,
        dbPath: config.dbPath,
        clock: systemClock,
      });
      // Loaded here: most starts serve plain HTTP only, and node:https is one more module for each of them.
      const { createServer: createHttpsServer } = await import('node:https');
      const secure = await listen({
        fetch: app.fetch,
        port: config.httpsPort,
        hostname: config.host,
        createServer: createHttpsServer,
        serverOptions: { key: tls.key, cert: tls.cert },
      });
      servers.push(secure);
      secure.on('upgrade', mailpitEvents.upgrade);
      https = { url: urlOf('https', config.host, secure), port: portOf(secure), certPath: tls.certPath };
    }
    smtpListeners = await startSmtp(config, deps, logger, tokenNeeded(config), (started) => (smtpListeners = started));
    const smtp =
      smtpListeners.smtp === null
        ? null
        : { port: smtpListeners.smtp.port, starttls: config.smtpStartTls, authRequired: tokenNeeded(config) };
    const smtps = smtpListeners.smtps === null ? null : { port: smtpListeners.smtps.port };
    deps.smtpListening = {
      port: smtp?.port ?? null,
      smtpsPort: smtps?.port ?? null,
      starttls: smtp?.starttls ?? false,
    };
    const [plain] = servers as [ServerType];
    return { url: urlOf('http', config.host, plain), port: portOf(plain), https, smtp, smtps, deps, close };
  } catch (error) {
    await close();
    throw error;
  }
}

type ServeOptions = Parameters<typeof serve>[0];

function listen(options: ServeOptions): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve(options, () => resolve(server));
    server.once('error', reject);
  });
}

function portOf(server: ServerType): number {
  return (server.address() as AddressInfo).port;
}

function urlOf(scheme: string, host: string, server: ServerType): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${portOf(server)}`;
}

async function closeAll(servers: ServerType[], deps: AppDeps): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        }),
    ),
  );
  deps.webhookDelivery.stop();
  deps.problemChecker.stop();
  await Promise.all([deps.capture.close(), deps.searchWorker.close()]);
  deps.searchIndexer.stop();
  deps.mailpitSearchIndexer.stop();
  deps.store.close();
}
